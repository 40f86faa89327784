# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.function(type=pl.FunctionType.InCore)
def k(sig: pld.DistributedTensor[[4, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
    # CHECK: pld_unknown_op.py:[[@LINE+2]]:5: error: unknown op 'pld.system.notfy'
    # CHECK: hint: did you mean pld.system.notify?
    pld.system.notfy(sig, 0, [0, 0], 1, op=pld.NotifyOp.Set)
    return 0
