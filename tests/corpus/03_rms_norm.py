# RMS norm of 16 rows: x*x, row_sum with a scratch tile (PyPTO tmp form), mean via muls, eps via adds, rsqrt, row_expand_mul, weight mul.
import pypto.language as pl


@pl.program
class RmsNorm:
    @pl.function(type=pl.FunctionType.InCore)
    def rms_norm(self, x: pl.Tensor[[16, 128], pl.FP32], w: pl.Tensor[[16, 128], pl.FP32],
                 y: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
        sq = pl.mul(t, t)
        scratch = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        ss: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.row_sum(sq, scratch)
        mean = pl.mul(ss, 0.0078125)
        var = pl.add(mean, 1e-06)
        inv = pl.rsqrt(var)
        normed = pl.row_expand_mul(t, inv)
        # the gamma row is stored pre-broadcast to the 16 rows of the block
        gamma = pl.load(w, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        res = pl.mul(normed, gamma)
        y = pl.store(res, [0, 0], y)
        return y
