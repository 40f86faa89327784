# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.function(type=pl.FunctionType.Orchestration)
def host(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    # CHECK: pld_window_of_non_buffer.py:[[@LINE+2]]:20: error: argument 1 ('buf') of pld.tensor.window must be a pl.Ptr, got Scalar[INDEX]
    # CHECK: hint: the signature is
    w = pld.window(n, [4, 64], dtype=pl.FP32)
    return n
