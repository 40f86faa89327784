# tile.not_ of a BOOL tile is a logical not; PTO's tnot complements every bit of the byte.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.BOOL], y: pl.Out[pl.Tensor[[16, 64], pl.BOOL]]) -> pl.Tensor[[16, 64], pl.BOOL]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: not_bool.py:[[@LINE+2]]:9: error: tile.not_ of a BOOL tile is a logical not; PTO's tnot complements every bit
    # CHECK: hint: compute it as 1 - x on an integer tile, or compare with pl.cmps
    n = pl.tile.not_(t)
    return pl.store(n, [0, 0], y)
