# A pl.simd_vf scope inside a data-parallel region cannot be halved: rejected at the scope.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}scope_in_full_width_region.py:16:13: error: lower-auto-vector-split: a scope inside a data-parallel pl.split_aiv region cannot be halved
# CHECK: hint: move the scope out of the region
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            with pl.simd_vf(lanes=64):
                for j in pl.parallel(64):
                    t[0, j] = t[0, j] * 2.0
            y1 = pl.store(t, [0, 0], y)
        return y1
