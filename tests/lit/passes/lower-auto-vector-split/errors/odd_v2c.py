# A V->C gather of an odd split extent has no pto-isa form: rejected.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}odd_v2c.py:20:15: error: lower-auto-vector-split: the V->C operand 'v' is split unevenly (63 along axis 0); tile.aic_gather has no odd or rebalanced form, so th
# CHECK: hint: pad the split axis to an even extent before the vector work, or keep this value on the vec
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
        v = pl.load(x, [0, 0], [63, 64], target_memory=pl.Mem.Vec)
        v_l = pl.move(v, target_memory=pl.Mem.Left)
        y1 = pl.store(h, [0, 0], y)
        return y1
