# AIC and AIV functions are kernels too; an Opaque function is left unchanged.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space --entry cube
# RUN: %ptoc check %s --passes=infer-tile-memory-space --entry vec
# CHECK: def cube(
# CHECK: a_Left: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: a_Right: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(a_Left, a_Right)
# CHECK: def vec(
# CHECK: m_Vec: {{.*}} = pl.tile.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: pl.tile.exp(m_Vec)
# CHECK: def host(
# CHECK-NOT: pl.tile.move
# CHECK: pl.tile.matmul(a, a)
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, x: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.matmul(a, a)
        o = pl.store(c, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        e = pl.exp(m)
        o = pl.store(e, [0, 0], out)
        return o

    @pl.function
    def host(self, x: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16])
        c = pl.matmul(a, a)
        o = pl.store(c, [0, 0], out)
        return o
