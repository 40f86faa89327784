# Odd split extent (63 rows): each lane gets the ceil half (32 rows) and the
# loads carry per-lane valid extents `min(max(63, idx*32) - idx*32, 32)` (lane 1
# has 31 valid rows); the shard's valid extent is the lane's share too.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32), 64])] = pl.tile.set_validshape(pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN), pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32), 64)
# CHECK-NEXT: bias: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32), 64])] = pl.tile.load(bb, [0 + subblock_idx * 32, 0], [32, 64], [pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32), 64], target_memory=pl.Mem.Vec)
# CHECK: y1: {{.*}} = pl.tile.store(r, [0 + subblock_idx * 32, 0], y)
import pypto.language as pl


@pl.program
class OddRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[63, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          bb: pl.Tensor[[63, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[63, 64], pl.FP32]]) -> pl.Tensor[[63, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [63, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bias = pl.load(bb, [0, 0], [63, 64], target_memory=pl.Mem.Vec)
        r = pl.add(h, bias)
        y1 = pl.store(r, [0, 0], y)
        return y1
