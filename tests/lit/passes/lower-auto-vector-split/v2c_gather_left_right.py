# Vector -> cube under LEFT_RIGHT: the gather doubles the columns back (split=LEFT_RIGHT).
# becomes `<dest>_mat = tile.aic_gather(half)` (HALF -> FULL, Mat) followed by the
# kept cube placement move; the matmul and its Acc store stay full width.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: xv: pl.Tile{{\[\[}}64, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(x, [0, 0 + subblock_idx * 32], [64, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: xs: pl.Tile{{\[\[}}64, 32], pl.FP16, pl.Mem.Vec] = pl.tile.muls(xv, pl.const(0.5, pl.FP16))
# CHECK-NEXT: xl_mat: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.aic_gather(xs, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: xl: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Left] = pl.tile.move(xl_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: acc: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(xl, w_r)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(acc, [0, 0], y)
import pypto.language as pl


@pl.program
class ScaledProjLR:
    @pl.function(type=pl.FunctionType.InCore)
    def proj(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16],
             y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        xv = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        xs = pl.mul(xv, 0.5)
        xl = pl.move(xs, target_memory=pl.Mem.Left)
        acc = pl.matmul(xl, w_r)
        y1 = pl.store(acc, [0, 0], y)
        return y1
