# A sub-tile window (tile.slice) is not emitted yet: reported at the call, no output.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: slice.py:[[@LINE+3]]:{{[0-9]+}}: error: tile.slice has no PTO emitter: a sub-tile window (pto.subset) is not emitted yet
    # CHECK: hint: load the window from GM with pl.load(tensor, offsets, shape) instead
    # CHECK-NOT: module
    u = pl.slice(t, [16, 32], [0, 32])
    y = pl.store(u, [0, 0], y)
    return y
