# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: undefined_name.py:[[@LINE+3]]:24: error: undefined name 'q'
    # CHECK-NEXT: u = pl.tile.add(t, q)
    # CHECK: hint: did you mean 't'?
    u = pl.tile.add(t, q)
