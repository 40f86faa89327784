# SIMD per-lane accumulators: scalars updated in a serial pl.range inside a pl.parallel unit (column sum and column max over 8 rows).
import pypto.language as pl


@pl.program
class ColumnCarry:
    @pl.function(type=pl.FunctionType.AIV)
    def col_sum_max(self, x: pl.Tensor[[8, 64], pl.FP32],
                    s: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
                    m: pl.Out[pl.Tensor[[1, 64], pl.FP32]]
                    ) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [8, 64])
        cs = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        cm = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for j in pl.parallel(64):
                acc = 0.0
                best = a[0, j]
                for k in pl.range(8):
                    acc = acc + a[k, j]
                    best = pl.max(best, a[k, j])
                cs[0, j] = acc
                cm[0, j] = best
        s = pl.store(cs, [0, 0], s)
        m = pl.store(cm, [0, 0], m)
        return s, m
