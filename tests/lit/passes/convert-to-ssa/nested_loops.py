# Nested loops: the inner loop carries the accumulator initialised from the outer
# iter_arg; the outer loop carries the accumulator and the Out tensor.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i in pl.range(2):
        for j in pl.range(2):
            blk = pl.load(x, [i * 32 + j * 16, 0], [16, 64])
            acc = pl.add(acc, blk)
        y = pl.store(acc, [i * 16, 0], y)
    return y
# CHECK: for i, (acc_1, y_1) in pl.range(2, init_values=(acc, y)):
# CHECK-NEXT: for j, (acc_2,) in pl.range(2, init_values=(acc_1,)):
# CHECK-NEXT: blk: {{.*}} = pl.tile.load(
# CHECK-NEXT: acc_3: {{.*}} = pl.tile.add(acc_2, blk)
# CHECK-NEXT: acc_4 = pl.yield_(acc_3)
# CHECK-NEXT: y_2: {{.*}} = pl.tile.store(acc_4, [i * 16, 0], y_1)
# CHECK-NEXT: acc_5, y_3 = pl.yield_(acc_4, y_2)
# CHECK-NEXT: return y_3
