# tile.store accepts Vec and Acc: storing the matmul result needs no move.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: c: {{.*}}pl.Mem.Acc] = pl.tile.matmul(al, br)
# CHECK-NOT: pl.tile.move
# CHECK: pl.tile.store(c, [0, 0], out)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 32], pl.FP16], y: pl.Tensor[[32, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    b = pl.load(y, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
    al = pl.move(a, target_memory=pl.Mem.Left)
    br = pl.move(b, target_memory=pl.Mem.Right)
    c = pl.matmul(al, br)
    o = pl.store(c, [0, 0], out)
    return o
