# One name holds one tensor type: reassigning it a tensor of another shape or dtype is
# reported (PyPTO's rule); the same type re-defines the variable.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
    t = pl.create_tensor([16, 16], dtype=pl.FP32)
    t = pl.mul(t, 2.0)
    # CHECK: tensor_reassign_type.py:[[@LINE+2]]:5: error: cannot reassign 't' with a different type: was Tensor{{\[\[}}16, 16], FP32], got Tensor{{\[\[}}4, 4], FP32]
    # CHECK: hint: use a different variable name for tensors with different shapes or dtypes
    t = pl.create_tensor([4, 4], dtype=pl.FP32)
    return x
