# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    m = pl.row_max(t)
# CHECK: hint_same_shape.py:[[@LINE+2]]:19: error: the operands of tile.sub must have the same shape, got [16, 64] and [16, 1]
# CHECK: hint: to broadcast the [16, 1] column along the rows, use pl.row_expand_sub(t, m)
    d = pl.sub(t, m)
