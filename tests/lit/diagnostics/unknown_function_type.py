# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

# CHECK: unknown_function_type.py:[[@LINE+2]]:19: error: unknown function type 'pl.FunctionType.Vector'
# CHECK: hint: expected pl.FunctionType.X with X one of: Opaque, Orchestration, InCore, AIC, AIV, Group
@pl.function(type=pl.FunctionType.Vector)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    return
