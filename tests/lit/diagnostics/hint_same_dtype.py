# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.INT8]):
    a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
    b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
# CHECK: hint_same_dtype.py:[[@LINE+2]]:24: error: lhs and rhs of tile.matmul must have the same dtype, got FP16 and INT8
# CHECK: hint: cast one operand to the other's dtype, e.g. pl.cast(b_r, pl.FP16)
    c = pl.matmul(a_l, b_r)
