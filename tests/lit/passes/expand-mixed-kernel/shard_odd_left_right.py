# An odd column count under LEFT_RIGHT (45 columns): lane 0 gets 23 columns, lane 1 22, so
# the pair uses the odd split code 4.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: pl.tile.tpush_to_aiv(s, split=4)
# CHECK: def f_aiv(
# CHECK: = pl.tile.tpop_from_aic(split=4)
# CHECK: pl.system.tfree_to_aic({{.*}}, split=4)
import pypto.language as pl


@pl.program
class OddCols:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 45], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 45], pl.FP32]]) -> pl.Tensor[[32, 45], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 45], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(pl.muls(h, 0.25))
        y1 = pl.store(e, [0, 0], y)
        return y1
