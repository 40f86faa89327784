# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]):
    if n > 2:
        a = pl.yield_(n)
    else:
        # CHECK: if_yield_names.py:[[@LINE+1]]:9: error: the branches of an if must yield the same names: (a) vs (b)
        b = pl.yield_(n)
