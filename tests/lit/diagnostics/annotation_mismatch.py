# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: annotation_mismatch.py:[[@LINE+2]]:8: error: type annotation Tile{{\[\[}}16, 32], FP32, Vec] disagrees with the deduced type Tile{{\[\[}}16, 64], FP32, Vec]
    # CHECK: hint: fix the annotation or drop it
    t: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 64])
