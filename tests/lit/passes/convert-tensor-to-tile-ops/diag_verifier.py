# IncoreTileOps, required by infer-tile-memory-space: an InCore function that still computes
# on tensors is reported at the op, with the pass to run.
# RUN: not %ptoc opt %s --passes=infer-tile-memory-space 2>&1 | FileCheck %s
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops,infer-tile-memory-space --verify-each | FileCheck %s --check-prefix=OK
# OK: pl.tile.add
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: diag_verifier.py:[[@LINE+2]]:{{[0-9]+}}: error: property IncoreTileOps violated in function 'kernel': tensor.add computes on tensors in an InCore function
    # CHECK: hint: run convert-tensor-to-tile-ops first
    y: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, x)
    return y
