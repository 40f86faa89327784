# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    n = 4
    # CHECK: syntax_missing_colon.py:[[@LINE+1]]:13: error: expected ':'
    if n > 2
        n = 5
