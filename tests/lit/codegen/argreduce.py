# Arg-reductions carry a scratch tile of the source's type: tcolargmin of an FP32 tile (PTOAS
# reads f16 / f32 there) and trowargmax of an INT32 one; the result is INT32. PTOAS v0.27
# accepts both arches' output.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
# RUN: %ptoc run %s | FileCheck %s --check-prefix=SIM
# CHECK: pto.tcolargmin ins(%a, %cm_tmp : {{.*}}dtype=f32{{.*}}) outs(%cm : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32,
# CHECK: pto.trowargmax ins(%ai, %rm_tmp : {{.*}}dtype=i32{{.*}}) outs(%rm : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=1,
# SIM: ran main
import pypto.language as pl


@pl.program
class Arg:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.FP32], xi: pl.Tensor[[16, 32], pl.INT32],
            r: pl.Out[pl.Tensor[[16, 1], pl.INT32]], c: pl.Out[pl.Tensor[[1, 32], pl.INT32]],
            ri: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 1], pl.INT32]:
        a = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        ai = pl.load(xi, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        cm = pl.tile.col_argmin(a)
        rm = pl.tile.row_argmax(ai)
        c1 = pl.store(cm, [0, 0], c)
        r2 = pl.store(rm, [0, 0], ri)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], xi: pl.Tensor[[16, 32], pl.INT32],
             r: pl.Out[pl.Tensor[[16, 1], pl.INT32]], c: pl.Out[pl.Tensor[[1, 32], pl.INT32]],
             ri: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 1], pl.INT32]:
        r2 = self.vec(x, xi, r, c, ri)
        return r2
