# tile.mrgsort_format1 / format2 are pto.tmrgsort's two formats: format1 ins(src, blockLen :
# T, i32) on one row, the block length an i32 constant; format2 ins(src0, src1[, src2, src3],
# tmp {exhausted = B}) outs(dst, executed), the last tile given the scratch tmp and executed
# PTO's vector<4xi16> status (a fresh zero constant). PTOAS v0.27 accepts both arches' output
# (ptoas --pto-arch=a5 and --pto-arch=a3).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: %[[LEN:c64_i32]] = arith.constant 64 : i32
# CHECK: pto.tmrgsort ins(%a, %[[LEN]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, {{.*}}>, i32) outs(%m1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256,
# CHECK: %[[E2:executed]] = arith.constant dense<0> : vector<4xi16>
# CHECK: pto.tmrgsort ins(%b, %b, %t2 {exhausted = false} : !pto.tile_buf<{{[^>]*}}cols=128{{[^>]*}}>, !pto.tile_buf<{{[^>]*}}cols=128{{[^>]*}}>, !pto.tile_buf<{{[^>]*}}cols=256{{[^>]*}}>) outs(%m2, %[[E2]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, {{.*}}>, vector<4xi16>)
# CHECK: %[[E4:executed_1]] = arith.constant dense<0> : vector<4xi16>
# CHECK: pto.tmrgsort ins(%b, %b, %b, %b, %t4 {exhausted = true} : {{.*}}) outs(%m4, %[[E4]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, {{.*}}>, vector<4xi16>)
import pypto.language as pl


@pl.program
class MrgSort:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[1, 256], pl.FP32], u: pl.Tensor[[1, 128], pl.FP32],
            y: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
            z: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
            w: pl.Out[pl.Tensor[[1, 512], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        a = pl.load(x, [0, 0], [1, 256], target_memory=pl.Mem.Vec)
        b = pl.load(u, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
        m1 = pl.tile.mrgsort_format1(a, 64)
        t2 = pl.tile.create([1, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m2 = pl.tile.mrgsort_format2(b, b, t2)
        t4 = pl.tile.create([1, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m4 = pl.tile.mrgsort_format2(b, b, b, b, t4, exhausted=True)
        y1 = pl.store(m1, [0, 0], y)
        z1 = pl.store(m2, [0, 0], z)
        w1 = pl.store(m4, [0, 0], w)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[1, 256], pl.FP32], u: pl.Tensor[[1, 128], pl.FP32],
             y: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
             z: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
             w: pl.Out[pl.Tensor[[1, 512], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        y1 = self.vec(x, u, y, z, w)
        return y1
