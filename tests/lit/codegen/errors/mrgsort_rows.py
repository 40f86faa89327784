# tile.mrgsort_format1 on a multi-row tile: PTO's tmrgsort format1 merges the runs of one row
# (PTOAS: "expects src rows == 1"): reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[4, 256], pl.FP32],
      y: pl.Out[pl.Tensor[[4, 256], pl.FP32]]) -> pl.Tensor[[4, 256], pl.FP32]:
    a = pl.load(x, [0, 0], [4, 256], target_memory=pl.Mem.Vec)
    # CHECK: mrgsort_rows.py:[[@LINE+3]]:9: error: PTO's tmrgsort (format1) merges the runs of a single row
    # CHECK: hint: sort a [1, N] tile
    # CHECK-NOT: module
    m = pl.tile.mrgsort_format1(a, 64)
    y1 = pl.store(m, [0, 0], y)
    return y1
