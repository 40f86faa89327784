# Tile views and shape ops: tile.slice into row halves, tile.reshape [16, 64] -> [32, 32] and a [16, 1] column -> [1, 16] row, tile.transpose of a [32, 64] block.
import pypto.language as pl


@pl.program
class ShapeOps:
    @pl.function(type=pl.FunctionType.InCore)
    def shapes(self, x: pl.Tensor[[32, 64], pl.FP32],
               sq: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
               rsum: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
               xt: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
               ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[1, 16], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 64])
        top: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(t, [16, 64], [0, 0])
        bot = pl.tile.slice(t, [16, 64], [16, 0])
        s = pl.add(top, bot)
        sq_t: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(s, [32, 32])
        rs = pl.row_sum(s)
        row = pl.tile.reshape(rs, [1, 16])
        tt: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.transpose(t, 0, 1)
        sq = pl.store(sq_t, [0, 0], sq)
        rsum = pl.store(row, [0, 0], rsum)
        xt = pl.store(tt, [0, 0], xt)
        return sq, rsum, xt
