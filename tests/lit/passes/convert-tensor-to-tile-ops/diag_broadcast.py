# A broadcast no tile op expresses (a rank-1 operand against a rank-2 one) is a diagnostic at
# the statement.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: diag_broadcast.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.add: operands [16, 64] and [64] broadcast in a way no tile op expresses
    # CHECK: hint: tile ops broadcast a [M, 1] column or a [1, N] row against a rank-2 operand
    y: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, b)
    return y
