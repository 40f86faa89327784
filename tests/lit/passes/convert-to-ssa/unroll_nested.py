# Unrolled copies of a pl.unroll body that holds a loop and an if: every copy gets
# its own loop variable, iter_args and return vars (each defined once).
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for u in pl.unroll(2):
        for k in pl.range(2):
            acc = pl.add(acc, pl.load(x, [u * 32 + k * 16, 0], [16, 64]))
        if flag:
            acc = pl.relu(acc)
    y = pl.store(acc, [0, 0], y)
    return y
# CHECK: for k, (acc_1,) in pl.range(2, init_values=(acc,)):
# CHECK-NEXT: acc_2: {{.*}} = pl.tile.add(acc_1, pl.tile.load(x, [0 * 32 + k * 16, 0]
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: if flag:
# CHECK-NEXT: acc_4: {{.*}} = pl.tile.relu(acc_3)
# CHECK-NEXT: acc_5 = pl.yield_(acc_4)
# CHECK-NEXT: else:
# CHECK-NEXT: acc_5 = pl.yield_(acc_3)
# CHECK-NEXT: for k_1, (acc_6,) in pl.range(2, init_values=(acc_5,)):
# CHECK-NEXT: acc_7: {{.*}} = pl.tile.add(acc_6, pl.tile.load(x, [1 * 32 + k_1 * 16, 0]
# CHECK-NEXT: acc_8 = pl.yield_(acc_7)
# CHECK-NEXT: if flag:
# CHECK: y_1: {{.*}} = pl.tile.store(acc_10, [0, 0], y)
