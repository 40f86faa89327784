# An if inside a loop changes a carried accumulator: the if gets a return var and
# the loop yields it. The variable is read at the top of the body (a back edge),
# so the merge is needed even though nothing after the if reads it textually.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i in pl.range(4):
        blk = pl.add(acc, pl.load(x, [i * 16, 0], [16, 64]))
        if i > 1:
            acc = pl.exp(blk)
    y = pl.store(acc, [0, 0], y)
    return y
# CHECK: for i, (acc_1,) in pl.range(4, init_values=(acc,)):
# CHECK-NEXT: blk: {{.*}} = pl.tile.add(acc_1, pl.tile.load(
# CHECK-NEXT: if i > 1:
# CHECK-NEXT: acc_2: {{.*}} = pl.tile.exp(blk)
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: else:
# CHECK-NEXT: acc_3 = pl.yield_(acc_1)
# CHECK-NEXT: acc_4 = pl.yield_(acc_3)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(acc_4, [0, 0], y)
