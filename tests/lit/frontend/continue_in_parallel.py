# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    for i in pl.parallel(8):
        if i > n:
            # CHECK: continue_in_parallel.py:[[@LINE+2]]:13: error: 'continue' is not supported in pl.parallel loops
            # CHECK: hint: 'continue' can only be used in sequential loops (pl.range, pl.pipeline, pl.while_, while)
            continue
    return n
