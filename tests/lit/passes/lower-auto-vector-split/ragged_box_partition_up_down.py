# The same ragged boundary, but the vector side also loads its own tile: the
# partition cannot be rebalanced (that load is halved by the box), so both stay on
# the box partition (no lane_stride; lane 0 owns 64 valid rows, lane 1 36).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: {{.*}} = pl.tile.set_validshape(pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN), pl.min(pl.max(100, subblock_idx * 64) - subblock_idx * 64, 64), 128)
# CHECK-NEXT: bias: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bb, [0 + subblock_idx * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
# CHECK: y1: {{.*}} = pl.tile.store(e, [0 + subblock_idx * 64, 0], y)
import pypto.language as pl


@pl.program
class RaggedBox:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          bb: pl.Tensor[[128, 128], pl.FP32],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bias = pl.load(bb, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        e = pl.add(h, bias)
        y1 = pl.store(e, [0, 0], y)
        return y1
