# A value computed on the vector side feeds a matmul: moved Vec -> Left (a V->C boundary).
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: wr: {{.*}} = pl.tile.move(wm, target_memory=pl.Mem.Right)
# CHECK-NEXT: s_Left: {{.*}}pl.Mem.Left] = pl.tile.move(s, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.tile.matmul(s_Left, wr)
# CHECK-NOT: pl.tile.move
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 32])
    s = pl.add(a, a)
    wm = pl.load(w, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
    wr = pl.move(wm, target_memory=pl.Mem.Right)
    c = pl.matmul(s, wr)
    o = pl.store(c, [0, 0], out)
    return o
