# AivSplitValid rule (b): a row reduction inside a LEFT_RIGHT region collapses the split axis.
# lower-auto-vector-split requires AivSplitValid; no earlier pass of the run
# produced it, so the pass manager checks it on the input and names the property
# and the offending statement.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}b_reduce_split_axis.py:19:13: error: property AivSplitValid violated in function 'f': (b) tile.row_max reduces the split axis of this LEFT_RIGHT re
# CHECK: hint: reduce the non-split axis, or gather the value to full width first
# CHECK: error: pass 'lower-auto-vector-split' requires property AivSplitValid, which the input does not satisfy
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 1], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            r = pl.row_max(t)
            y1 = pl.store(r, [0, 0], y)
        return y1
