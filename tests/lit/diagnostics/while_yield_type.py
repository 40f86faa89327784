# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]):
    for (a,) in pl.while_(init_values=(n,)):
        pl.cond(a < 10)
        b = pl.cast(a, pl.INT32)
        # CHECK: while_yield_type.py:[[@LINE+1]]:9: error: pl.yield_ value 0 has type Scalar{{\[}}INT32] but the loop-carried value 'a' has type Scalar{{\[}}INDEX]
        c = pl.yield_(b)
