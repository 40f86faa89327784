# pld.system.wait / notify take a signal window of any dtype (as PyPTO); the deferred wait
# re-reads an INT32 counter, so its window must be INT32.
# RUN: sed 's/DEFER/wait/' %s | %ptoc fmt - | FileCheck %s --check-prefix=WAIT
# WAIT: pld.system.wait(sig, [0, 0], 1.0, cmp=0)
# RUN: sed 's/DEFER/defer_wait/; s/WaitCmp.Eq/WaitCmp.Ge/' %s > %t.py
# RUN: not %ptoc fmt %t.py 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.function(type=pl.FunctionType.InCore)
def k(sig: pld.DistributedTensor[[4, 1], pl.FP32]) -> pl.Scalar[pl.INT32]:
    # CHECK: .py:[[@LINE+2]]:{{[0-9]+}}: error: the signal window of pld.system.defer_wait must be INT32, got FP32
    # CHECK: hint: allocate the signal window with dtype=pl.INT32
    pld.system.DEFER(sig, [0, 0], 1, cmp=pld.WaitCmp.Eq)
    return 0
