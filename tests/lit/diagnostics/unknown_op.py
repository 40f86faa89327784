# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: unknown_op.py:[[@LINE+2]]:9: error: unknown op 'pl.tile.addd'
    # CHECK: hint: did you mean pl.tile.add?
    u = pl.tile.addd(t, t)
