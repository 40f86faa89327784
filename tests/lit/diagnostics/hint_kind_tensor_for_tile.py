# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: hint_kind_tensor_for_tile.py:[[@LINE+2]]:21: error: argument 1 of tile.exp must be a tile, got Tensor{{\[\[}}16, 64], FP32]
# CHECK: hint: load it first: `x_t = pl.load(x, [0, 0], [16, 64])`
    e = pl.tile.exp(x)
