# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]):
    t = pl.load(x, [0, 0], [16, 64])
# CHECK: hint_store_dtype.py:[[@LINE+2]]:25: error: the tile and the tensor of tile.store must have the same dtype, got FP32 and FP16
# CHECK: hint: convert it first: pl.cast(t, pl.FP16)
    pl.store(t, [0, 0], out)
