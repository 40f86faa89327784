# tile.sin / tile.cos: PTO v0.27 has no such op: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: sin.py:[[@LINE+3]]:9: error: tile.sin has no PTO emitter: PTO (v0.27) has no sine / cosine tile op
    # CHECK: hint: compute it on the host, or with a polynomial of pl.mul / pl.add
    # CHECK-NOT: module
    s = pl.tile.sin(t)
    y1 = pl.store(s, [0, 0], y)
    return y1
