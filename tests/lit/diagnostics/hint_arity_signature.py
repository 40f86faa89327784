# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: hint_arity_signature.py:[[@LINE+2]]:9: error: tile.load expects 3 or 4 arguments, got 2
# CHECK: hint: the signature is pl.load(tensor, offsets, shapes, [valid_shape], target_memory=pl.Mem.Vec, clamp=False)
    t = pl.load(x, [0, 0])
