# Atomic stores (atomic=1: the tile is added into GM) in an AUTO UP_DOWN split:
#  - of a halved vector tile: each lane adds its rows (the offset localized like any store);
#  - of the cube's Acc tile: a cube statement, on the AIC once. The simulator runs a split_aiv
#    function's cube statements on both lanes; lane 1's copy of a statement that reads and
#    writes GM takes no effect (before, it added the accumulator twice).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: r1: {{.*}} = pl.tile.store(acc, [0, 0], r, atomic=1)
# CHECK: o1: {{.*}} = pl.tile.store(y, [0 + subblock_idx * 8, 0], o, atomic=1)
import pypto.language as pl


@pl.program
class AtomicSplit:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]], r: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        r1 = pl.store(acc, [0, 0], r, atomic=True)
        c = pl.move(acc, target_memory=pl.Mem.Vec)
        y = pl.add(c, 1.0)
        o1 = pl.store(y, [0, 0], o, atomic=True)
        return o1, r1
