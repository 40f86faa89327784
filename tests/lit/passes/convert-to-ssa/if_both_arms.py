# Both arms assign (two variables, one changed in the else arm only); a variable
# that is dead after the if (tmp) gets no return var.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    scale = 1.0
    if n > 3:
        tmp = pl.exp(t)
        t = pl.add(tmp, tmp)
    else:
        t = pl.abs(t)
        scale = 0.5
    t = pl.mul(t, scale)
    y = pl.store(t, [0, 0], y)
    return y
# CHECK: if n > 3:
# CHECK-NEXT: tmp: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT: t_1: {{.*}} = pl.tile.add(tmp, tmp)
# CHECK-NEXT: t_2, scale_1 = pl.yield_(t_1, scale)
# CHECK-NEXT: else:
# CHECK-NEXT: t_3: {{.*}} = pl.tile.abs(t)
# CHECK-NEXT: scale_2: {{.*}} = 0.5
# CHECK-NEXT: t_2, scale_1 = pl.yield_(t_3, scale_2)
# CHECK-NEXT: t_4: {{.*}} = pl.tile.muls(t_2, scale_1)
# CHECK-NOT: tmp
