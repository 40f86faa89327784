# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: missing_yield.py:[[@LINE+1]]:5: error: a loop with 1 init value(s) must end with `name = pl.yield_(...)` yielding 1 value(s)
    for i, (acc,) in pl.range(4, init_values=(t,)):
        acc2 = pl.tile.add(acc, t)
