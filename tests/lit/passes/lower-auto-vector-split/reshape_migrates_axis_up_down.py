# Split-axis migration (the rms_norm [N, 1] <-> [1, N] pattern): the per-lane row
# sums [32, 1] are reshaped to a row [1, 32] — the split axis moves from dim 0 to
# dim 1 — so the V->C gather follows the operand's axis (split=LEFT_RIGHT, giving
# [1, 64]) rather than the function's UP_DOWN (which would give [2, 32]).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: rs: pl.Tile{{\[\[}}32, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(h)
# CHECK-NEXT: row: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(rs, [1, 32])
# CHECK-NEXT: row_l_mat: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Mat{{.*}}] = pl.tile.aic_gather(row, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: row_l: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Left{{.*}}] = pl.tile.move(row_l_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: z: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Acc{{.*}}] = pl.tile.matmul(row_l, w_r)
import pypto.language as pl


@pl.program
class Migrate:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
          w: pl.Tensor[[64, 16], pl.FP32],
          y: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        w_r = pl.move(pl.load(w, [0, 0], [64, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        rs = pl.row_sum(h)
        row = pl.tile.reshape(rs, [1, 64])
        row_l = pl.move(row, target_memory=pl.Mem.Left)
        z = pl.matmul(row_l, w_r)
        y1 = pl.store(z, [0, 0], y)
        return y1
