# A loop inside an if arm: the loop carries the accumulator, the if merges the
# loop's return var with the untouched value of the other arm.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], deep: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    acc = pl.load(x, [0, 0], [16, 64])
    if deep:
        for i in pl.range(1, 4):
            acc = pl.add(acc, pl.load(x, [i * 16, 0], [16, 64]))
    else:
        acc = pl.neg(acc)
    y = pl.store(acc, [0, 0], y)
    return y
# CHECK: if deep:
# CHECK-NEXT: for i, (acc_1,) in pl.range(1, 4, init_values=(acc,)):
# CHECK-NEXT: acc_2: {{.*}} = pl.tile.add(acc_1,
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: acc_4 = pl.yield_(acc_3)
# CHECK-NEXT: else:
# CHECK-NEXT: acc_5: {{.*}} = pl.tile.neg(acc)
# CHECK-NEXT: acc_4 = pl.yield_(acc_5)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(acc_4, [0, 0], y)
