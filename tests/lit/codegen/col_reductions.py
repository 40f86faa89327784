# Column reductions: tcolsum carries a scratch tile and, with it, the reduction order
# `isBinary = false` that PTOAS 0.27 requires (it rejects a scratch tile without it:
# "tmp operand requires isBinary attribute"); tcolmax takes no scratch tile.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: pto.tcolsum ins(%t, %s_tmp {isBinary = false} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32,
# CHECK: pto.tcolmax ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>) outs(%m : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32,
# CHECK-NOT: isBinary
import pypto.language as pl


@pl.program
class ColReductions:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
            z: pl.Out[pl.Tensor[[1, 32], pl.FP32]]) -> pl.Tensor[[1, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        s = pl.col_sum(t)
        m = pl.col_max(t)
        y1 = pl.store(s, [0, 0], y)
        z1 = pl.store(m, [0, 0], z)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
             z: pl.Out[pl.Tensor[[1, 32], pl.FP32]]) -> pl.Tensor[[1, 32], pl.FP32]:
        y1 = self.vec(x, y, z)
        return y1
