# Bitwise tile ops take integer tiles; arg-reductions a 2-D tile.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
    t = pl.load(a, [0, 0], [8, 16])
    # CHECK: tile_bitwise_errors.py:[[@LINE+2]]:22: error: tile.and_ needs an integer tile, got FP32
    # CHECK: hint: bitwise ops work on integer tiles: cast it first (pl.cast(t, pl.INT32))
    u = pl.tile.and_(t, t)
    return a
