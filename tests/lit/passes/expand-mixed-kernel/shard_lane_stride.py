# A ragged boundary (100 valid rows of a 128-row box) that lower-auto-vector-split balanced
# with lane_stride=50: the push and the pop carry lane_stride, and the split code is the even
# one because both lanes hold 50 rows.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: pl.tile.tpush_to_aiv(s, split=1, lane_stride=50)
# CHECK: h_1: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.tpop_from_aic(split=1, lane_stride=50)
# CHECK: pl.system.tfree_to_aic(h_1, split=1)
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
