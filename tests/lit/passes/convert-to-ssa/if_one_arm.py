# An if that assigns in its then arm only and has no else: it gets a return var,
# the then arm yields the new version and a new else arm yields the old one.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    if flag:
        t = pl.relu(t)
    y = pl.store(t, [0, 0], y)
    return y
# CHECK: if flag:
# CHECK-NEXT: t_1: {{.*}} = pl.tile.relu(t)
# CHECK-NEXT: t_2 = pl.yield_(t_1)
# CHECK-NEXT: else:
# CHECK-NEXT: t_2 = pl.yield_(t)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(t_2, [0, 0], y)
