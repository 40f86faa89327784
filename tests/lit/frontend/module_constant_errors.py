# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

# CHECK: module_constant_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: module-level name 'N' must be a compile-time constant
# CHECK: hint: ptoc reads numbers
N = foo(3)


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
    return x
