# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
# CHECK: hint_return_conversion.py:[[@LINE+2]]:12: error: return value 0 has type Tile{{\[\[}}16, 64], FP32, Vec] but the function declares Tensor{{\[\[}}16, 64], FP32]
# CHECK: hint: store it into a tensor and use that: pl.store(t, [0, 0], out); or declare the return type as pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]
    return t
