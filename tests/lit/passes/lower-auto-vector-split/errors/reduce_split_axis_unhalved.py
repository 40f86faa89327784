# A reduction on the split axis is rejected even when its operand was never halved: here
# col_sum of a Vec tile parameter (held whole by both lanes) under UP_DOWN (reference
# issue item: it used to be accepted).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: reduce_split_axis_unhalved.py:18:13: error: lower-auto-vector-split: tile.col_sum reduces on the split axis 0 of 'v' inside the split vector work: a reduction on the split axis is not supported, halved operand or not
# CHECK: hint: reduce the non-split axis, choose the other split mode
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat], v: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], y2: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec)
        y1 = pl.store(h, [0, 0], y)
        s = pl.col_sum(v)
        y3 = pl.store(s, [0, 0], y2)
        return y1, y3
