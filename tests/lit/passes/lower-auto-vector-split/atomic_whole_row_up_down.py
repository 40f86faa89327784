# An atomic store (atomic=1 adds into GM) of a tile both lanes hold whole and cannot split: a
# singleton split axis (a [1, 16] row under UP_DOWN). Both lanes storing it, harmless for an
# overwrite (the same values twice), would add it twice; lane 0 alone stores it: lane 1's copy
# gets an empty valid region and the empty-store guard skips it. Before, the split kernel
# added the row twice (the simulator reported the lanes' writes as a conflict).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: if pl.min(pl.max(1, subblock_idx * 1) - subblock_idx * 1, 1) > 0:
# CHECK-NEXT: r1_lane: {{.*}} = pl.tile.store(pl.tile.set_validshape(pl.tile.exp(xr), pl.min(pl.max(1, subblock_idx * 1) - subblock_idx * 1, 1), 16), [0, 0], r, atomic=1)
import pypto.language as pl


@pl.program
class AtomicRow:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[1, 16], pl.FP32],
          o: pl.Out[pl.Tensor[[16, 16], pl.FP32]], r: pl.InOut[pl.Tensor[[1, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[1, 16], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        o1 = pl.store(pl.add(c, 1.0), [0, 0], o)
        xr = pl.load(x, [0, 0], [1, 16], target_memory=pl.Mem.Vec)
        r1 = pl.store(pl.exp(xr), [0, 0], r, atomic=True)
        return o1, r1
