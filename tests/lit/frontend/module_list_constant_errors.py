# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

# CHECK: module_list_constant_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: module-level list 'SHAPE' must hold compile-time constants
# CHECK: hint: ptoc reads lists of numbers and pl.dynamic dims at the top level
SHAPE = [16, foo(2)]


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[SHAPE, pl.FP32]) -> pl.Tensor[SHAPE, pl.FP32]:
    return x
