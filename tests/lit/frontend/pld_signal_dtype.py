# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.function(type=pl.FunctionType.InCore)
def k(sig: pld.DistributedTensor[[4, 1], pl.FP32]) -> pl.Scalar[pl.INT32]:
    # CHECK: pld_signal_dtype.py:[[@LINE+2]]:21: error: the signal window of pld.system.wait must be INT32, got FP32
    # CHECK: hint: allocate the signal window with dtype=pl.INT32
    pld.system.wait(sig, [0, 0], 1, cmp=pld.WaitCmp.Eq)
    return 0
