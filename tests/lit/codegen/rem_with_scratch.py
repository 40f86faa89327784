# tile.rem / rems carry their scratch tile to PTO's trem / trems (A2/A3 uses it, A5 not:
# pto-isa TREM); the scalar is of the tile's dtype. The simulator does not model them.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: pto.trem ins(%a, %b, %tmp : {{.*}}) outs(%r :
# CHECK: pto.trems ins(%r, %{{.*}}, %tmp : !pto.tile_buf<{{.*}}>, i32, !pto.tile_buf<{{.*}}>) outs(%q :
import pypto.language as pl


@pl.program
class Rem:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.INT32], w: pl.Tensor[[16, 32], pl.INT32],
            y: pl.Out[pl.Tensor[[16, 32], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT32]:
        a = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        b = pl.load(w, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([16, 32], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        r = pl.tile.rem(a, b, tmp)
        q = pl.tile.rems(r, 7, tmp)
        y1 = pl.store(q, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.INT32], w: pl.Tensor[[16, 32], pl.INT32],
             y: pl.Out[pl.Tensor[[16, 32], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT32]:
        y1 = self.vec(x, w, y)
        return y1
