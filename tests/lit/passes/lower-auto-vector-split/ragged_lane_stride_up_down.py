# A ragged C->V boundary: only 100 of the 128 Acc rows are valid. With no other
# halved vector tile and no V->C boundary, the pass rebalances the lanes with
# lane_stride = ceil(100 / 2) = 50: both lanes keep a 64-row box but own 50 valid
# rows each, and the store offset steps by 50 instead of 64.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(100, subblock_idx * 50) - subblock_idx * 50, 50), 128])] = pl.tile.set_validshape(pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN, lane_stride=50), pl.min(pl.max(100, subblock_idx * 50) - subblock_idx * 50, 50), 128)
# CHECK-NEXT: e: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.exp(h)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(e, [0 + subblock_idx * 50, 0], y)
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1
