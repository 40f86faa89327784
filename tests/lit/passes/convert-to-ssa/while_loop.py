# A natural while loop becomes an SSA while loop: the condition and the body read
# the iter_args, the uses after the loop read the return vars.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
    r = 0
    run = pl.tile.full([8, 32], 0.0, dtype=pl.FP32)
    while r < n:
        run = pl.add(run, pl.load(x, [r, 0], [8, 32]))
        r = r + 8
    y = pl.store(run, [0, 0], y)
    return y
# CHECK: for (run_1, r_1) in pl.while_(init_values=(run, r)):
# CHECK-NEXT: pl.cond(r_1 < n)
# CHECK-NEXT: run_2: {{.*}} = pl.tile.add(run_1, pl.tile.load(x, [r_1, 0]
# CHECK-NEXT: r_2: {{.*}} = r_1 + 8
# CHECK-NEXT: run_3, r_3 = pl.yield_(run_2, r_2)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(run_3, [0, 0], y)
