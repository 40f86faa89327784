# AIV functions are repaired; Opaque functions are left alone.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts --entry vec
# CHECK: def vec(
# CHECK: v_row_major: {{.*}} = pl.tile.move(v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major
# CHECK-NEXT: pl.tile.exp(v_row_major)
# CHECK: def host(
# CHECK-NOT: row_major:
# CHECK: pl.tile.exp(v)
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        v = pl.move(m, target_memory=pl.Mem.Vec)
        e = pl.exp(v)
        o = pl.store(e, [0, 0], out)
        return o

    @pl.function
    def host(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        v = pl.move(m, target_memory=pl.Mem.Vec)
        e = pl.exp(v)
        o = pl.store(e, [0, 0], out)
        return o
