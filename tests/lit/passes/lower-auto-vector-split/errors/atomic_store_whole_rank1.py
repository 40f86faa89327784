# An atomic store of a rank-1 tile both AIV lanes hold whole (a [16] load has no split axis):
# both lanes would add it, and the lane-0-only form needs a 2-D tile. Rejected at the store; the
# same store without atomic=1 (both lanes write the same values) is accepted.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}atomic_store_whole_rank1.py:23:14: error: lower-auto-vector-split: an atomic tile.store of the rank-1 tile 'pl.tile.exp(v)', which both AIV lanes hold whole: each lane would add it, twice the sum
# CHECK: hint: store a 2-D tile (reshape it first)
# RUN: sed -e 's/, atomic=True//' %s > %t.py
# RUN: %ptoc check %t.py --passes=compile
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16], pl.FP32],
          o: pl.Out[pl.Tensor[[16, 16], pl.FP32]], r: pl.InOut[pl.Tensor[[16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        o1 = pl.store(pl.add(c, 1.0), [0, 0], o)
        v = pl.load(x, [0], [16], target_memory=pl.Mem.Vec)
        r1 = pl.store(pl.exp(v), [0], r, atomic=True)
        return o1, r1
