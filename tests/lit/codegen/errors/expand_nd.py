# tile.col_expand of a 3-D tile: one row per matrix of the leading axes; PTO's tcolexpand
# broadcasts within one 2-D matrix, so it is reported at the call, not emitted flattened.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(rows: pl.Tensor[[2, 1, 8], pl.FP32], c: pl.Out[pl.Tensor[[2, 2, 8], pl.FP32]]) -> pl.Tensor[[2, 2, 8], pl.FP32]:
    row3 = pl.load(rows, [0, 0, 0], [2, 1, 8])
    # CHECK: expand_nd.py:[[@LINE+3]]:{{[0-9]+}}: error: tile.col_expand of a rank-3 tile has no PTO emitter: PTO's expand ops broadcast within one 2-D matrix
    # CHECK: hint: loop over the leading axes and expand [M, N] slices
    # CHECK-NOT: module
    e = pl.tile.col_expand(pl.tile.full([2, 2, 8], 0.0, dtype=pl.FP32), row3)
    c1 = pl.store(e, [0, 0, 0], c)
    return c1
