# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: hint_window.py:[[@LINE+2]]:20: error: tile.load accesses [32, 96) on axis 1 of Tensor{{\[\[}}16, 64], FP32], which has size 64
# CHECK: hint: offset + extent must be <= 64 on axis 1: use an offset <= 0, or an extent <= 32 (a smaller valid_shape keeps the tile shape)
    t = pl.load(x, [0, 32], [16, 64])
