# AivSplitValid rule (a): a cube op (matmul) inside a pl.split_aiv region.
# lower-auto-vector-split requires AivSplitValid; no earlier pass of the run
# produced it, so the pass manager checks it on the input and names the property
# and the offending statement.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}a_cube_op_in_region.py:20:13: error: property AivSplitValid violated in function 'f': (a) cube op tile.matmul inside a pl.split_aiv region
# CHECK: hint: move the cube op out of the region; regions hold vector work only
# CHECK: error: pass 'lower-auto-vector-split' requires property AivSplitValid, which the input does not satisfy
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        a_l = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        a_r = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            s = pl.matmul(a_l, a_r)
            y1 = pl.store(s, [0, 0], y)
        return y1
