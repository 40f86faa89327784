# A variable first defined inside an if, in both arms, and used after it gets a
# return var without any version before the if.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    if flag:
        r = pl.exp(t)
    else:
        r = pl.neg(t)
    y = pl.store(r, [0, 0], y)
    return y
# CHECK: if flag:
# CHECK-NEXT: r: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT: r_1 = pl.yield_(r)
# CHECK-NEXT: else:
# CHECK-NEXT: r_2: {{.*}} = pl.tile.neg(t)
# CHECK-NEXT: r_1 = pl.yield_(r_2)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(r_1, [0, 0], y)
