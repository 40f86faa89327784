# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    acc0 = pl.load(x, [0, 0], [16, 64])
# CHECK: hint_loop_yield.py:[[@LINE+2]]:5: error: a loop with 1 init value(s) must end with `name = pl.yield_(...)` yielding 1 value(s)
# CHECK: hint: end the loop body with `acc_out = pl.yield_(acc)`, yielding the next value of each carried name
    for i, (acc,) in pl.range(0, 4, 1, init_values=(acc0,)):
        nxt = pl.add(acc, acc)
