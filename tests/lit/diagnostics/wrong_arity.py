# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: wrong_arity.py:[[@LINE+1]]:{{[0-9]+}}: error: tile.add expects 2 arguments, got 3
    u = pl.tile.add(t, t, t)
