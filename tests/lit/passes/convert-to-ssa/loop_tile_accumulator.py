# A tile accumulated in a pl.range loop becomes an iter_arg initialised with the
# version before the loop; the use after the loop reads the return var.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i in pl.range(4):
        blk = pl.load(x, [i * 16, 0], [16, 64])
        acc = pl.add(acc, blk)
    acc = pl.exp(acc)
    y = pl.store(acc, [0, 0], y)
    return y
# CHECK: acc: {{.*}} = pl.tile.full(
# CHECK-NEXT: for i, (acc_1,) in pl.range(4, init_values=(acc,)):
# CHECK-NEXT: blk: {{.*}} = pl.tile.load(x, [i * 16, 0]
# CHECK-NEXT: acc_2: {{.*}} = pl.tile.add(acc_1, blk)
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: acc_4: {{.*}} = pl.tile.exp(acc_3)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(acc_4, [0, 0], y)
# CHECK-NEXT: return y_1
