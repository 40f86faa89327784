# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
# CHECK: unknown_dtype.py:[[@LINE+2]]:30: error: unknown dtype 'pl.FP33'
# CHECK: hint: expected one of: pl.BOOL, {{.*}}pl.FP32
def f(x: pl.Tensor[[16, 64], pl.FP33]):
    return
