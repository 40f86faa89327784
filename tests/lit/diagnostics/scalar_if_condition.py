# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]):
    # CHECK: scalar_if_condition.py:[[@LINE+2]]:8: error: an if condition must be a BOOL scalar, got Scalar[INDEX]
    # CHECK: hint: compare explicitly
    if n:
        m = n
