# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    if n > 2:
        # CHECK: break_outside_loop.py:[[@LINE+2]]:9: error: 'break' outside a loop
        # CHECK: hint: 'break' can only be used inside a for or while loop
        break
    return n
