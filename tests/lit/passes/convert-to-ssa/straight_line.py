# Straight-line renaming: a tile re-assigned twice, a scalar re-assigned, and a
# store chain that re-assigns the Out tensor parameter.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    t = pl.exp(t)
    t = pl.add(t, t)
    s = 2.0
    s = s * 3.0
    u = pl.mul(t, s)
    y = pl.store(t, [0, 0], y)
    y = pl.store(u, [16, 0], y)
    return y
# CHECK: t: {{.*}} = pl.tile.load(x,
# CHECK-NEXT: t_1: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT: t_2: {{.*}} = pl.tile.add(t_1, t_1)
# CHECK-NEXT: s: {{.*}} = 2.0
# CHECK-NEXT: s_1: {{.*}} = s * 3.0
# CHECK-NEXT: u: {{.*}} = pl.tile.muls(t_2, s_1)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(t_2, [0, 0], y)
# CHECK-NEXT: y_2: {{.*}} = pl.tile.store(u, [16, 0], y_1)
# CHECK-NEXT: return y_2
