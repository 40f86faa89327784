# An odd split extent (63 rows): lane 0 holds 32 rows, lane 1 31, so the pair uses the odd
# split code 3; each lane narrows its half with the set_validshape lower-auto-vector-split
# wrapped around the shard (a nested call: the pop binds a fresh tile, the view is taken on
# it), and the slot is freed after the view's last use.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: pl.tile.tpush_to_aiv(s, split=3)
# CHECK: def f_aiv(
# CHECK: h_1: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=3)
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32), 64])] = pl.tile.set_validshape(h_1,
# CHECK: r: {{.*}} = pl.tile.add(h, bias)
# CHECK-NEXT: pl.system.tfree_to_aic(h_1, split=3)
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
