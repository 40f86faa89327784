# A value halved inside a full-width region and read after it (where statements run full width): rejected at the region.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}region_value_used_after.py:14:9: error: lower-auto-vector-split: the value 't' is halved inside this pl.split_aiv region but used after it, where statements run full width
# CHECK: hint: store the per-lane value to a tensor inside the region (each lane writes its half), or gat
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        y1 = pl.store(t, [0, 0], y)
        return y1
