# The bitwise ops on 16-bit integers: what a2a3 takes (PTOAS v0.27 accepts both arches'
# output; tnot on a2a3 and tshrs take 16 bits, the and / or / xor family 8 or 16).
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# CHECK: pto.tand ins(%a, %b : {{.*}}dtype=i16
# CHECK: pto.txors ins(%i, %{{.*}}, %j_tmp : !pto.tile_buf<{{.*}}>, i16, !pto.tile_buf<{{.*}}>) outs(%j :
# CHECK: pto.tshrs ins(%k, %{{.*}} : !pto.tile_buf<{{.*}}>, i16) outs(%m :
# CHECK: pto.tnot ins(%m : {{.*}}dtype=i16
import pypto.language as pl


@pl.program
class Bitwise:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.INT16], w: pl.Tensor[[16, 32], pl.INT16],
            y: pl.Out[pl.Tensor[[16, 32], pl.INT16]],
            r: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT16]:
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
        y1 = pl.store(n, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.INT16], w: pl.Tensor[[16, 32], pl.INT16],
             y: pl.Out[pl.Tensor[[16, 32], pl.INT16]],
             r: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT16]:
        y1 = self.vec(x, w, y, r)
        return y1
