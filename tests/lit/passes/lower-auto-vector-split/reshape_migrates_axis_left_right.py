# Split-axis migration the other way: under LEFT_RIGHT the per-lane column sums
# [1, 32] (split on dim 1) are reshaped to a column [32, 1] — the split axis moves
# to dim 0 — so the gather back to the cube uses split=UP_DOWN and doubles the
# rows ([64, 1]).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: cs: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(h)
# CHECK-NEXT: col: pl.Tile{{\[\[}}32, 1], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.reshape(cs, [32, 1])
# CHECK-NEXT: col_r_mat: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Mat{{.*}}] = pl.tile.aic_gather(col, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: col_r: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Right{{.*}}] = pl.tile.move(col_r_mat, target_memory=pl.Mem.Right)
# CHECK-NEXT: z: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Acc{{.*}}] = pl.tile.matmul(w_l, col_r)
import pypto.language as pl


@pl.program
class MigrateLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
          w: pl.Tensor[[16, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        w_l = pl.move(pl.load(w, [0, 0], [16, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        cs = pl.col_sum(h)
        col = pl.tile.reshape(cs, [64, 1])
        col_r = pl.move(col, target_memory=pl.Mem.Right)
        z = pl.matmul(w_l, col_r)
        y1 = pl.store(z, [0, 0], y)
        return y1
