# tensor.cmp of a narrow operand: tile.cmp compares equal shapes only.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.FP32], c: pl.Tensor[[16, 1], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: diag_cmp_shapes.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.cmp of [16, 64] and [16, 1] has no tile-level form (tile.cmp compares equal shapes)
    # CHECK: hint: expand the narrow operand first (pl.tensor.expand_clone)
    y: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.cmp(x, c, cmp_type=2)
    return y
