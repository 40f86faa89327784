# [N, 1] Vec loads are col_major; an elementwise op on columns computes on [1, N] rows
# (tile.reshape) and reshapes the result back.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
# CHECK: a_row: {{.*}} = pl.tile.reshape(a, [1, 16])
# CHECK-NEXT: b_row: {{.*}} = pl.tile.reshape(b, [1, 16])
# CHECK-NEXT: c_row: {{.*}} = pl.tile.add(a_row, b_row)
# CHECK-NEXT: c: {{.*}} = pl.tile.reshape(c_row, [16, 1])
# CHECK-NEXT: d_row: {{.*}} = pl.tile.mul(c_row, a_row)
# CHECK-NEXT: d: {{.*}} = pl.tile.reshape(d_row, [16, 1])
# CHECK-NEXT: pl.tile.store(d, [0, 0], out)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 1], pl.FP32], y: pl.Tensor[[16, 1], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 1])
    b = pl.load(y, [0, 0], [16, 1])
    c = pl.add(a, b)
    d = pl.mul(c, a)
    o = pl.store(d, [0, 0], out)
    return o
