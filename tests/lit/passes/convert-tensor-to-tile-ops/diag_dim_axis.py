# tensor.dim of a computed value with an axis that is not a literal: the converted value is
# a tile, whose extents are constants, so the axis must be one too.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.FP32], a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
    # CHECK: diag_dim_axis.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.dim of a computed value needs a literal axis
    # CHECK: hint: write the axis as an integer literal (shapes are static)
    n: pl.Scalar[pl.INDEX] = pl.tensor.dim(e, a)
    return n
