# AivSplitValid rule (g): a cube value read by vector code inside a region without tile.aiv_shard.
# lower-auto-vector-split requires AivSplitValid; no earlier pass of the run
# produced it, so the pass manager checks it on the input and names the property
# and the offending statement.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}g_c2v_without_shard.py:19:13: error: property AivSplitValid violated in function 'f': (g) the cube value 'm' enters this pl.split_aiv region throug
# CHECK: hint: read `pl.aiv_shard(m)` at the top of the region
# CHECK: error: pass 'lower-auto-vector-split' requires property AivSplitValid, which the input does not satisfy
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            v = pl.move(m, target_memory=pl.Mem.Vec)
            y1 = pl.store(v, [0, 0], y)
        return y1
