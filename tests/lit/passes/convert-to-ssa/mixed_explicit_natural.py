# A loop with explicit init_values whose body also re-assigns its iter_arg and
# updates an outer variable naturally: the explicit iter_arg is kept, the outer
# variable is appended as a second iter_arg, and the re-assignment of the iter_arg
# gets a new version that the explicit yield reads.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    zero = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    count = 0
    for i, (acc,) in pl.range(4, init_values=(zero,)):
        acc = pl.add(acc, pl.load(x, [i * 16, 0], [16, 64]))
        count = count + 1
        total = pl.yield_(acc)
    total = pl.mul(total, pl.cast(count, pl.FP32))
    y = pl.store(total, [0, 0], y)
    return y
# CHECK: for i, (acc, count_1) in pl.range(4, init_values=(zero, count)):
# CHECK-NEXT: acc_1: {{.*}} = pl.tile.add(acc, pl.tile.load(
# CHECK-NEXT: count_2: {{.*}} = count_1 + 1
# CHECK-NEXT: total, count_3 = pl.yield_(acc_1, count_2)
# CHECK-NEXT: total_1: {{.*}} = pl.tile.muls(total, pl.cast(count_3, pl.FP32))
