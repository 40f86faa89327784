# Column statistics (col_sum, col_max, col_min) and row_min over a [16, 64] tile; methods written without `self`.
import pypto.language as pl


@pl.program
class ColStats:
    @pl.function(type=pl.FunctionType.InCore)
    def col_stats(x: pl.Tensor[[16, 64], pl.FP32],
                  csum: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
                  crange: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
                  rmin: pl.Out[pl.Tensor[[16, 1], pl.FP32]]
                  ) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 64])
        s: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(t)
        hi = pl.tile.col_max(t)
        lo = pl.tile.col_min(t)
        rng = pl.sub(hi, lo)
        rm = pl.tile.row_min(t)
        csum = pl.store(s, [0, 0], csum)
        crange = pl.store(rng, [0, 0], crange)
        rmin = pl.store(rm, [0, 0], rmin)
        return csum, crange, rmin
