# The element-wise / layout ops of ElementwiseLayoutOps.cpp that PTO has: tfmod(s), taddc, taddsc,
# tlrelu (an f32 slope), texpands (the scalar only), ttri (upperOrLower only when upper),
# tconcat. tile.subc / subsc are lhs - rhs - rhs2 (the simulator's and PyPTO's meaning);
# PTO's tsubc / tsubsc compute src0 - src1 + src2 (pto-isa TSUBC), so they become two
# subtractions in the simulator's order. PTOAS v0.27 accepts both arches' output.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# RUN: %ptoc run %s | FileCheck %s --check-prefix=SIM
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=NEG
# CHECK-LABEL: func.func @vec(
# CHECK: pto.tfmod ins(%a, %b : {{.*}}) outs(%f :
# CHECK: pto.tfmods ins(%f, %[[C3:.*]] : !pto.tile_buf<{{.*}}>, f32) outs(%fs :
# CHECK: pto.taddc ins(%fs, %a, %b : {{.*}}) outs(%c :
# CHECK: pto.tsub ins(%c, %a : {{.*}}) outs(%s_partial :
# CHECK-NEXT: pto.alloc_tile
# CHECK-NEXT: pto.tsub ins(%s_partial, %b : {{.*}}) outs(%s :
# CHECK: pto.taddsc ins(%s, %{{.*}}, %a : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%cs :
# CHECK: pto.tsubs ins(%cs, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(%ss_partial :
# CHECK: pto.tsub ins(%ss_partial, %b : {{.*}}) outs(%ss :
# CHECK: pto.tlrelu ins(%ss, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(%l :
# CHECK: pto.texpands ins(%{{.*}} : f32) outs(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32,
# CHECK: pto.ttri ins(%{{[a-z0-9_]+}} : i32) outs(%t :
# CHECK: pto.ttri ins(%{{[a-z0-9_]+}} {upperOrLower = 1 : i32} : i32) outs(%u :
# CHECK: pto.tconcat ins(%r, %a : {{.*}}) outs(%cat : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
# NEG-NOT: pto.tsubc
# NEG-NOT: pto.tsubsc
# SIM-NOT: error
# SIM: ran main
import pypto.language as pl


@pl.program
class ArithExtra:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32],
            y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        b = pl.load(w, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        f = pl.tile.fmod(a, b)
        fs = pl.tile.fmods(f, 3.0)
        c = pl.tile.addc(fs, a, b)
        s = pl.tile.subc(c, a, b)
        cs = pl.tile.addsc(s, 2.0, a)
        ss = pl.tile.subsc(cs, 1.5, b)
        l = pl.tile.lrelu(ss, 0.1)
        e = pl.tile.expands(l, 0.5)
        m = pl.tile.add(l, e)
        t = pl.tile.tri(0, [16, 32], dtype=pl.FP32)
        u = pl.tile.tri(1, [16, 32], dtype=pl.FP32, upper=True)
        tu = pl.tile.mul(t, u)
        r = pl.tile.mul(m, tu)
        cat = pl.tile.concat(r, a)
        y1 = pl.store(cat, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32],
             y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y1 = self.vec(x, w, y)
        return y1
