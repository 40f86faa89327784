# A while loop has no PTO emitter yet: reported at the loop.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 32])
    i = 0
    # CHECK: while_loop.py:[[@LINE+2]]:5: error: a while loop has no PTO emitter yet
    # CHECK: hint: write it as `for i in pl.range(n)` with a bound (scf.for)
    while i < 3:
        t = pl.add(t, t)
        i = i + 1
    y = pl.store(t, [0, 0], y)
    return y
