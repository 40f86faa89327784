# Two ops of one statement list share one row-major copy; each if arm makes its own.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
# CHECK: v_row_major: {{.*}} = pl.tile.move(v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major
# CHECK-NEXT: a: {{.*}} = pl.tile.exp(v_row_major)
# CHECK-NEXT: b: {{.*}} = pl.tile.add(a, v_row_major)
# CHECK-NEXT: if n > 2:
# CHECK-NEXT: v_row_major_1: {{.*}} = pl.tile.move(v,
# CHECK-NEXT: pl.tile.neg(v_row_major_1)
# CHECK: else:
# CHECK-NEXT: v_row_major_2: {{.*}} = pl.tile.move(v,
# CHECK-NEXT: pl.tile.abs(v_row_major_2)
# CHECK: r_row_major: {{.*}} = pl.tile.move(r,
# CHECK-NEXT: pl.tile.add(b, r_row_major)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    v = pl.move(m, target_memory=pl.Mem.Vec)
    a = pl.exp(v)
    b = pl.add(a, v)
    if n > 2:
        c1 = pl.neg(v)
        r = pl.yield_(c1)
    else:
        c2 = pl.abs(v)
        r = pl.yield_(c2)
    d = pl.add(b, r)
    o = pl.store(d, [0, 0], out)
    return o
