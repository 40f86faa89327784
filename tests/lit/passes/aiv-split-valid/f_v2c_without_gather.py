# AivSplitValid rule (f): a value defined in a region and read by the cube outside it without tile.aic_gather.
# lower-auto-vector-split requires AivSplitValid; no earlier pass of the run
# produced it, so the pass manager checks it on the input and names the property
# and the offending statement.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}f_v2c_without_gather.py:20:9: error: property AivSplitValid violated in function 'f': (f) 't' is defined in a pl.split_aiv region and read by the c
# CHECK: hint: write `t = pl.aic_gather(t)` inside the region
# CHECK: error: pass 'lower-auto-vector-split' requires property AivSplitValid, which the input does not satisfy
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        t_l = pl.move(t, target_memory=pl.Mem.Left)
        o = pl.matmul(t_l, w_r)
        y1 = pl.store(o, [0, 0], y)
        return y1
