# A reshape of an un-halved 2-D source (a [1, 64] row, singleton under UP_DOWN) into a
# [64, 1] column stays full width: both lanes hold the whole column. Where it meets this
# lane's half of the sharded cube result (row_expand_mul), the pass takes this lane's
# window of it: tile.slice(col, [32, 1], [0 + subblock_idx * 32, 0]).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: g: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(gamma, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: col: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.reshape(g, [64, 1])
# CHECK-NEXT: r: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(h, pl.tile.slice(col, [32, 1], [subblock_idx * 32, 0]))
import pypto.language as pl


@pl.program
class ReshapeSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          gamma: pl.Tensor[[1, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        g = pl.load(gamma, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        col = pl.tile.reshape(g, [64, 1])
        r = pl.row_expand_mul(h, col)
        y1 = pl.store(r, [0, 0], y)
        return y1
