# Ragged columns under LEFT_RIGHT: 40 of 64 Acc columns valid, rebalanced with
# lane_stride = 20 (each lane: a 32-column box, 20 valid columns).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT, lane_stride=20), 32, pl.min(pl.max(40, subblock_idx * 20) - subblock_idx * 20, 20))
# CHECK: y1: {{.*}} = pl.tile.store(e, [0, 0 + subblock_idx * 20], y)
import pypto.language as pl


@pl.program
class RaggedCols:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], [32, 40], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.mul(h, 2.0)
        y1 = pl.store(e, [0, 0], y)
        return y1
