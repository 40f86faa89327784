# LEFT_RIGHT with a vector-side load at a non-zero column offset: the column offset
# becomes `16 + subblock_idx * 32` (additive localization).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: bias: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(bb, [0, 16 + subblock_idx * 32], [64, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: r: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(h, bias)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(r, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class BiasSub:
    @pl.function(type=pl.FunctionType.InCore)
    def linear(self, x: pl.Tensor[[64, 32], pl.FP16], w: pl.Tensor[[32, 64], pl.FP16],
               bb: pl.Tensor[[64, 96], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        x_l = pl.move(pl.load(x, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(x_l, w_r)
        h = pl.move(acc, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bias = pl.load(bb, [0, 16], [64, 64], target_memory=pl.Mem.Vec)
        r = pl.sub(h, bias)
        y1 = pl.store(r, [0, 0], y)
        return y1
