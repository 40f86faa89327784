# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP16], y: pl.Tensor[[64, 32], pl.FP16]):
    a = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
    b = pl.load(y, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    br = pl.move(b, target_memory=pl.Mem.Right)
    # CHECK: matmul_memory.py:[[@LINE+2]]:24: error: {{.*}}Left{{.*}}Mat
    # CHECK: hint: {{.*}}pl.move
    c = pl.tile.matmul(a, br)
