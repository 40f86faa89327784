# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: bad_kwarg.py:[[@LINE+2]]:{{[0-9]+}}: error: tile.load has no keyword argument 'target'
    # CHECK: expected one of: target_memory
    t = pl.load(x, [0, 0], [16, 64], target=pl.Mem.Vec)
