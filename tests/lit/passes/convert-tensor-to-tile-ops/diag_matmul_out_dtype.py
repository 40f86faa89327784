# tensor.matmul with an out_dtype the tile matmul does not give (FP16 from FP16 operands;
# tile.matmul accumulates in FP32) is a diagnostic with the cast to write instead.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP16]:
    # CHECK: diag_matmul_out_dtype.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.matmul with out_dtype=FP16 has no tile-level form: tile.matmul gives FP32
    # CHECK: hint: drop out_dtype and cast the product
    c: pl.Tensor[[16, 16], pl.FP16] = pl.matmul(a, b, out_dtype=pl.FP16)
    return c
