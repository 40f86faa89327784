# tensor.matmul(c_matrix_nz=True): the accumulator layout is not chosen at the tile level.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP32]:
    # CHECK: diag_matmul_nz.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.matmul: c_matrix_nz=True has no tile-level form
    # CHECK: hint: drop c_matrix_nz; the accumulator layout is chosen by the later passes
    c: pl.Tensor[[16, 16], pl.FP32] = pl.matmul(a, b, c_matrix_nz=True)
    return c
