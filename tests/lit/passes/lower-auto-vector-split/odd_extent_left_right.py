# Odd split extent under LEFT_RIGHT (33 columns): the lanes get 17 columns each,
# lane 1 with 16 valid; a vector-side pl.full is halved and given the lane's valid
# columns with tile.set_validshape.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}16, 17], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(33, subblock_idx * 17) - subblock_idx * 17, 17)])] = pl.tile.set_validshape(pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT), 16, pl.min(pl.max(33, subblock_idx * 17) - subblock_idx * 17, 17))
# CHECK-NEXT: one: pl.Tile{{\[\[}}16, 17], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(33, subblock_idx * 17) - subblock_idx * 17, 17)])] = pl.tile.set_validshape(pl.tile.full([16, 17], 1.0, dtype=pl.FP32), 16, pl.min(pl.max(33, subblock_idx * 17) - subblock_idx * 17, 17))
# CHECK-NEXT: r: pl.Tile{{\[\[}}16, 17], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.add(h, one)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(r, [0, 0 + subblock_idx * 17], y)
import pypto.language as pl


@pl.program
class OddCols:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 33], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 33], pl.FP32]]) -> pl.Tensor[[16, 33], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 33], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        one = pl.full([16, 33], 1.0, dtype=pl.FP32)
        r = pl.add(h, one)
        y1 = pl.store(r, [0, 0], y)
        return y1
