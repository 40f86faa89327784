# tile.gather is pto.tgather's index form, ins(src, indices, tmp): dst[i, j] = src (flattened)
# [indices[i, j]] (pto-isa TGATHER); tile.gather_mask its mask-pattern form, the pattern an
# attribute inside ins(...) (1 P0101 even columns, 4 P0010 the second of four), output_dtype
# only retypes the packed result. PTOAS v0.27 accepts both arches' output (ptoas
# --pto-arch=a5 and --pto-arch=a3).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: pto.tgather ins(%a, %i, %tmp : !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, {{.*}}>) outs(%g : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32,
# CHECK: pto.tgather ins(%a, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>) outs(%ev : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16,
# CHECK: pto.tgather ins(%a, {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>) outs(%q : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8,
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.INT32],
            y: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
            z: pl.Out[pl.Tensor[[8, 16], pl.FP32]],
            w: pl.Out[pl.Tensor[[8, 8], pl.INT32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        a = pl.load(x, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
        i = pl.load(ix, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([8, 32], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        g = pl.tile.gather(a, i, tmp)
        ev = pl.tile.gather_mask(a, mask_pattern=pl.tile.MaskPattern.P0101)
        q = pl.tile.gather_mask(a, mask_pattern=pl.tile.MaskPattern.P0010, output_dtype=pl.INT32)
        y1 = pl.store(g, [0, 0], y)
        z1 = pl.store(ev, [0, 0], z)
        w1 = pl.store(q, [0, 0], w)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.INT32],
             y: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
             z: pl.Out[pl.Tensor[[8, 16], pl.FP32]],
             w: pl.Out[pl.Tensor[[8, 8], pl.INT32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        y1 = self.vec(x, ix, y, z, w)
        return y1
