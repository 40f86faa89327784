# tile.random: no PTO counterpart with the same numbers: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(y: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
    k = pl.const(7, pl.INT32)
    # CHECK: random.py:[[@LINE+3]]:9: error: tile.random has no PTO emitter: PTO's trandom (A5 only) is a ChaCha-like counter cipher, not the Philox-4x32 of tile.random
    # CHECK: hint: generate the values on the host and load them
    # CHECK-NOT: module
    t = pl.tile.random(k, k, k, k, k, k, [16, 64], dtype=pl.INT32)
    y1 = pl.store(t, [0, 0], y)
    return y1
