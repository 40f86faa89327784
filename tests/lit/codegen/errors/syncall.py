# system.syncall (and fence, cacheinvalid): PTO v0.27 has no such op: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: syncall.py:[[@LINE+3]]:5: error: system.syncall has no PTO emitter: PTO (v0.27) has no such synchronization op
    # CHECK: hint: PTOAS inserts the intra-core flags itself (--enable-insert-sync); cross-core order goes through tpush / tpop
    # CHECK-NOT: module
    pl.system.syncall()
    y1 = pl.store(t, [0, 0], y)
    return y1
