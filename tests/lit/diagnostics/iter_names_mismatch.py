# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: iter_names_mismatch.py:[[@LINE+1]]:9: error: iter_args/yield count mismatch: 2 loop-carried name(s) but 1 init value(s)
    for i, (a, b) in pl.range(4, init_values=(t,)):
        c = pl.yield_(a)
