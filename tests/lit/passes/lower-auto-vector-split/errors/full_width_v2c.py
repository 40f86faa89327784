# A V->C boundary move of a value with no half (its split axis is a singleton the pass keeps full): the seed rejects it with an actionable message.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}full_width_v2c.py:20:15: error: lower-auto-vector-split: the V->C boundary tile.move here carries a full-width vector operand 'g'. tile.aic_gather reassembles the two 
# CHECK: hint: derive the per-lane half first (load or slice the value inside the split function) and mov
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        g = pl.load(x, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        g_l = pl.move(g, target_memory=pl.Mem.Left)
        y1 = pl.store(h, [0, 0], y)
        return y1
