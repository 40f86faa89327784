# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

N = 60


@pl.function(type=pl.FunctionType.Orchestration)
def f(x: pl.Tensor[[4, N], pl.FP32]) -> pl.Tensor[[4, N], pl.FP32]:
    # CHECK: static_assert_fails.py:[[@LINE+1]]:{{[0-9]+}}: error: static assertion failed: N is a multiple of 16
    pl.static_assert(N % 16 == 0, "N is a multiple of 16")
    return x
