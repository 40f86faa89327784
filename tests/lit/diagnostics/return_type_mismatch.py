# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP16]:
    # CHECK: return_type_mismatch.py:[[@LINE+1]]:12: error: return value 0 has type Tensor{{\[\[}}16, 64], FP32] but the function declares Tensor{{\[\[}}16, 64], FP16]
    return x
