# AivSplitValid rule (e): a vector op outside every region of a function that uses regions (only loads and stores may stay outside).
# lower-auto-vector-split requires AivSplitValid; no earlier pass of the run
# produced it, so the pass manager checks it on the input and names the property
# and the offending statement.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}e_vector_op_outside.py:18:9: error: property AivSplitValid violated in function 'f': (e) vector op tile.exp outside every pl.split_aiv region of a
# CHECK: hint: wrap this phase in `for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE)` so both lanes run it
# CHECK: error: pass 'lower-auto-vector-split' requires property AivSplitValid, which the input does not satisfy
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        e = pl.exp(t)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            u = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            y1 = pl.store(u, [0, 0], y)
        y2 = pl.store(e, [0, 0], y1)
        return y2
