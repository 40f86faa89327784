# Row-major operands, a column operand of row_expand_* (col_major load) and a Vec [M, 1]
# reduction result need nothing: the program is unchanged.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each > %t.py
# RUN: %ptoc equal %s %t.py
# RUN: FileCheck %s < %t.py
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], bias: pl.Tensor[[16, 1], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 64])
    col = pl.load(bias, [0, 0], [16, 1])
    b = pl.row_expand_add(a, col)
    m = pl.row_max(b)
    c = pl.row_expand_sub(b, m)
    e = pl.exp(c)
    o = pl.store(e, [0, 0], out)
    return o
# CHECK-NOT: pl.tile.move
# CHECK-NOT: pl.tile.reshape
