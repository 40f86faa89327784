# A pl.unroll loop that carries a value must be unrolled, which needs constant
# bounds.
# RUN: not %ptoc opt %s --passes=convert-to-ssa 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 256], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    best = pl.tile.full([16, 64], -3.0e38, dtype=pl.FP32)
    # CHECK: err_unroll_dynamic.py:[[@LINE+2]]:5: error: this pl.unroll loop changes 'best', which is read after the iteration; that needs constant bounds to unroll
    # CHECK: hint: use pl.range(...) for a loop with run-time bounds
    for u in pl.unroll(n):
        best = pl.maximum(best, pl.load(x, [0, u * 64], [16, 64]))
    y = pl.store(best, [0, 0], y)
    return y
