# tensor.expand_clone to a shape no tile broadcast reaches is a diagnostic.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[64], pl.FP32], t: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: diag_expand_clone.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.expand_clone from [64] to [16, 64] has no tile-level form
    # CHECK: hint: tiles broadcast a [M, 1] column or a [1, N] row of a rank-2 target
    y: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.expand_clone(x, t)
    return y
