# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    t = pl.load(x, [0, 0], [16, 64])
# CHECK: hint_swapped_args.py:[[@LINE+2]]:14: error: argument 1 of tile.store must be a tile, got Tensor{{\[\[}}16, 64], FP32]
# CHECK: hint: arguments 1 and 3 look swapped: pl.store(t, [0, 0], out)
    pl.store(out, [0, 0], t)
