# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    for i, (acc,) in pl.range(4, init_values=(t,)):
        acc2 = pl.tile.add(acc, t)
        # CHECK: yield_count_mismatch.py:[[@LINE+1]]:9: error: iter_args/yield count mismatch: the loop carries 1 value(s) but pl.yield_ yields 2
        a, b = pl.yield_(acc2, acc2)
