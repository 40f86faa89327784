# Bitwise tile ops: tand / tor / tshl / tshr (two tiles), txor and txors with a scratch tile of
# the source's type, tands / tors / tshls / tshrs with an integer scalar of the tile's dtype,
# tnot; and trowargmax with a scratch tile. PTOAS v0.27 accepts the a5 output; on a2a3 the
# and / or / xor family takes 8- or 16-bit integers only (bitwise_i16.py), reported at the call.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: not %ptoc compile %s --arch=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: %ptoc run %s | FileCheck %s --check-prefix=SIM
# CHECK-LABEL: func.func @vec(
# CHECK: pto.tand ins(%a, %b : {{.*}}dtype=i32{{.*}}) outs(%c :
# CHECK: pto.tor ins(%c, %a :
# CHECK: pto.txor ins(%d, %b, %e_tmp :
# CHECK: pto.tshl ins(%e, %b :
# CHECK: pto.tshr ins(%f, %b :
# CHECK: pto.tands ins(%g, %{{.*}} : !pto.tile_buf<{{.*}}>, i32) outs(%h :
# CHECK: pto.tors ins(%h, %{{.*}} : !pto.tile_buf<{{.*}}>, i32) outs(%i :
# CHECK: pto.txors ins(%i, %{{.*}}, %j_tmp : !pto.tile_buf<{{.*}}>, i32, !pto.tile_buf<{{.*}}>) outs(%j :
# CHECK: pto.tshls ins(%j, %{{.*}} : !pto.tile_buf<{{.*}}>, i32) outs(%k :
# CHECK: pto.tshrs ins(%k, %{{.*}} : !pto.tile_buf<{{.*}}>, i32) outs(%m :
# CHECK: pto.tnot ins(%m : {{.*}}) outs(%n :
# CHECK: pto.trowargmax ins(%n, %am_tmp : {{.*}}) outs(%am : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=1,
# A2A3: bitwise.py:[[@LINE+14]]:13: error: tile.and_ (pto.tand) on a2a3 takes integer tiles of 8 / 16 bits, got INT32
# A2A3: hint: cast the tile to INT16 (pl.cast) first, or compile for a5
# SIM: ran main
import pypto.language as pl


@pl.program
class Bitwise:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.INT32], w: pl.Tensor[[16, 32], pl.INT32],
            y: pl.Out[pl.Tensor[[16, 32], pl.INT32]],
            r: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT32]:
        a = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        b = pl.load(w, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        c = pl.tile.and_(a, b)
        d = pl.tile.or_(c, a)
        e = pl.tile.xor(d, b)
        f = pl.tile.shl(e, b)
        g = pl.tile.shr(f, b)
        h = pl.tile.ands(g, 255)
        i = pl.tile.ors(h, 1)
        j = pl.tile.xors(i, 3)
        k = pl.tile.shls(j, 2)
        m = pl.tile.shrs(k, 1)
        n = pl.tile.not_(m)
        am = pl.tile.row_argmax(n)
        y1 = pl.store(n, [0, 0], y)
        r1 = pl.store(am, [0, 0], r)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.INT32], w: pl.Tensor[[16, 32], pl.INT32],
             y: pl.Out[pl.Tensor[[16, 32], pl.INT32]],
             r: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT32]:
        y1 = self.vec(x, w, y, r)
        return y1
