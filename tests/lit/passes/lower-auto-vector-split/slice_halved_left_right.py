# tile.slice of a halved tile under LEFT_RIGHT that keeps every column (the split
# axis) and windows the rows: the slice shape is halved in lockstep.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: bottom: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.slice(h, [32, 32], [32, 0])
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(bottom, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class SliceBottom:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bottom = pl.tile.slice(h, [32, 64], [32, 0])
        y1 = pl.store(bottom, [0, 0], y)
        return y1
