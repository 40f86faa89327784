# A tensor op whose tile counterpart the registry lacks (no tile.part_add) is a diagnostic at the
# statement naming the missing op.
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[16, 64], pl.INT32], y: pl.Tensor[[16, 64], pl.INT32]) -> pl.Tensor[[16, 64], pl.INT32]:
    # CHECK: diag_no_tile_form.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: tensor.part_add has no tile-level form: the registry has no tile.part_add
    # CHECK: hint: compute it with tile ops that exist, or keep the op outside the pl.at scope
    z: pl.Tensor[[16, 64], pl.INT32] = pl.tensor.part_add(x, y)
    return z
