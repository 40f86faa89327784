# tensor.assemble(atomic=pl.AtomicType.Add) (also spelled atomic=True): tile.store has no atomic mode, so there is no tile form.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
    # CHECK: diag_assemble_atomic.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.assemble(atomic=pl.AtomicType.Add) has no tile-level form: tile.store has no atomic mode
    # CHECK: hint: accumulate in a tile and store once
    o: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.assemble(out, e, [16, 0], atomic=True)
    return o
