# Two statements of one list reading the same misplaced tile share one move.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: a_Left: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: b_Right: {{.*}} = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK-NEXT: c: {{.*}} = pl.tile.matmul(a_Left, b_Right)
# CHECK-NEXT: a_Right: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Right)
# CHECK-NEXT: d: {{.*}} = pl.tile.matmul(a_Left, a_Right)
# CHECK-NEXT: c_Vec: {{.*}} = pl.tile.move(c, target_memory=pl.Mem.Vec
# CHECK-NEXT: d_Vec: {{.*}} = pl.tile.move(d, target_memory=pl.Mem.Vec
# CHECK-NEXT: pl.tile.add(c_Vec, d_Vec)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16], y: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 16])
    b = pl.load(y, [0, 0], [16, 16])
    c = pl.matmul(a, b)
    d = pl.matmul(a, a)
    e = pl.add(c, d)
    o = pl.store(e, [0, 0], out)
    return o
