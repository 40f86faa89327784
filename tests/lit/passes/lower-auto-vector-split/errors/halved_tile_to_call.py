# A per-lane half passed to another function of the program: rejected at the call.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}halved_tile_to_call.py:20:14: error: lower-auto-vector-split: a halved vector tile 'h' is passed to function 'g'
# CHECK: hint: call the function with full-width values, or inline it into the split function
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def g(self, t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        y1 = pl.store(t, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        y1 = self.g(h, y)
        return y1
