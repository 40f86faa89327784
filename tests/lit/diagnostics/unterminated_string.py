# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: unterminated_string.py:[[@LINE+1]]:32: error: unterminated string literal
    pl.func_attr({"split_aiv": "oops})
