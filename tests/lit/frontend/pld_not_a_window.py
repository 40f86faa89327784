# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.function(type=pl.FunctionType.InCore)
def k(sig: pl.Tensor[[4, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
    # CHECK: pld_not_a_window.py:[[@LINE+2]]:23: error: argument 1 ('target') of pld.system.notify must be a pld.DistributedTensor, got Tensor{{\[\[}}4, 1], INT32]
    # CHECK: hint: declare the parameter as pld.DistributedTensor[...]
    pld.system.notify(sig, 0, [0, 0], 1, op=pld.NotifyOp.Set)
    return 0
