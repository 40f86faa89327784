# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: syntax_unclosed_paren.py:[[@LINE+3]]:5: error: expected ')' to close '(' opened here
    # CHECK: syntax_unclosed_paren.py:[[@LINE+1]]:16: note:
    t = pl.load(x, [0, 0], [16, 64]
    return
