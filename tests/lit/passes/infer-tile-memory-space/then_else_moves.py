# Each arm of an if is its own statement list: both get their own move of the same tile.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: if n > 2:
# CHECK-NEXT: a_Left: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: b_Right: {{.*}} = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(a_Left, b_Right)
# CHECK-NEXT: r = pl.yield_(c1)
# CHECK-NEXT: else:
# CHECK-NEXT: b_Left: {{.*}} = pl.tile.move(b, target_memory=pl.Mem.Left)
# CHECK-NEXT: a_Right: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(b_Left, a_Right)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 16], pl.FP16], y: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 16])
    b = pl.load(y, [0, 0], [16, 16])
    if n > 2:
        c1 = pl.matmul(a, b)
        r = pl.yield_(c1)
    else:
        c2 = pl.matmul(b, a)
        r = pl.yield_(c2)
    o = pl.store(r, [0, 0], out)
    return o
