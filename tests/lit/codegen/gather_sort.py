# The gather / sort ops of GatherSortOps.cpp that PTO has: tile.sort32 is pto.tsort32 (src,
# UINT32 idx in ins, the (value, index) pairs of twice the columns in outs); tile.gatherb is
# pto.tgatherb (one UINT32 byte offset per 32-byte block: 8 offsets give 64 f32 here).
# PTOAS v0.27 accepts both arches' output (ptoas --pto-arch=a5 and --pto-arch=a3).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: %s = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64,
# CHECK-NEXT: pto.tsort32 ins(%a, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=32, {{.*}}>) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64,
# CHECK: %g = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64,
# CHECK-NEXT: pto.tgatherb ins(%a, %o : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8, {{.*}}>) outs(%g : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64,
import pypto.language as pl


@pl.program
class GatherSort:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.UINT32],
            off: pl.Tensor[[8, 8], pl.UINT32], y: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
            z: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
        i = pl.load(ix, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
        o = pl.load(off, [0, 0], [8, 8], target_memory=pl.Mem.Vec)
        s = pl.tile.sort32(a, i)
        g = pl.tile.gatherb(a, o)
        y1 = pl.store(s, [0, 0], y)
        z1 = pl.store(g, [0, 0], z)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.UINT32],
             off: pl.Tensor[[8, 8], pl.UINT32], y: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        y1 = self.vec(x, ix, off, y, z)
        return y1
