# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: hint_shape_dims.py:[[@LINE+2]]:17: error: dimension 1 of the shape of tile.full must be positive, got -64
# CHECK: hint: every extent is at least 1, e.g. [16, 64]; a partly used tile keeps its full shape and sets valid_shape
    t = pl.full([16, -64], 0.0, dtype=pl.FP32)
