# SIMD rotary angles: INT64 position ids and a BOOL keep-mask read element-wise; theta = cast(pos) * inv_freq, masked with pl.select.
import pypto.language as pl


@pl.program
class RopeAngles:
    @pl.function(type=pl.FunctionType.AIV)
    def angles(self, pos: pl.Tensor[[4, 64], pl.INT64], inv_freq: pl.Tensor[[4, 64], pl.FP32],
               keep: pl.Tensor[[4, 64], pl.BOOL],
               ang: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        p: pl.Tile[[4, 64], pl.INT64, pl.Mem.Vec] = pl.load(pos, [0, 0], [4, 64])
        f = pl.load(inv_freq, [0, 0], [4, 64])
        k: pl.Tile[[4, 64], pl.BOOL, pl.Mem.Vec] = pl.load(keep, [0, 0], [4, 64])
        th = pl.tile.create([4, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for i in pl.parallel(4):
                for j in pl.parallel(64):
                    theta = pl.cast(p[i, j], pl.FP32) * f[i, j]
                    th[i, j] = pl.select(k[i, j], theta, 0.0)
        ang = pl.store(th, [0, 0], ang)
        return ang
