# Per-row FP8 quantization (abs, row_max, maximums, recip, row_expand_mul, cast FP32->FP8E4M3FN) and an FP8E5M2 gradient dequantized to BF16.
import pypto.language as pl


@pl.program
class Fp8Quant:
    @pl.function(type=pl.FunctionType.InCore)
    def quant(self, x: pl.Tensor[[16, 128], pl.FP32], g: pl.Tensor[[16, 128], pl.FP8E5M2],
              q: pl.Out[pl.Tensor[[16, 128], pl.FP8E4M3FN]],
              qscale: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
              gb: pl.Out[pl.Tensor[[16, 128], pl.BF16]]
              ) -> tuple[pl.Tensor[[16, 128], pl.FP8E4M3FN], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 128], pl.BF16]]:
        t = pl.load(x, [0, 0], [16, 128])
        amax = pl.tile.row_max(pl.tile.abs(t))
        amax = pl.tile.maximums(amax, 1e-12)
        sc = pl.tile.muls(pl.tile.recip(amax), 448.0)
        qt = pl.tile.row_expand_mul(t, sc)
        q8: pl.Tile[[16, 128], pl.FP8E4M3FN, pl.Mem.Vec] = pl.tile.cast(qt, dtype=pl.FP8E4M3FN)
        q = pl.store(q8, [0, 0], q)
        dq = pl.tile.muls(amax, 0.002232142857142857)
        qscale = pl.store(dq, [0, 0], qscale)
        g8: pl.Tile[[16, 128], pl.FP8E5M2, pl.Mem.Vec] = pl.load(g, [0, 0], [16, 128])
        gf = pl.tile.cast(g8, dtype=pl.FP32)
        gbt: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(gf, dtype=pl.BF16)
        gb = pl.store(gbt, [0, 0], gb)
        return q, qscale, gb
