# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: unknown_memory_space.py:[[@LINE+2]]:52: error: unknown memory space 'pl.Mem.L2'
    # CHECK: hint: expected one of: pl.Mem.DDR, pl.Mem.Vec
    t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.L2)
