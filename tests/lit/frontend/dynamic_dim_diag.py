# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    # CHECK: dynamic_dim_diag.py:[[@LINE+1]]:{{[0-9]+}}: error: 'M' is a pl.dynamic dimension, not a value
    return n + M
