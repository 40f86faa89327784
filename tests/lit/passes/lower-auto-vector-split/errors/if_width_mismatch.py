# The arms of an if yield a per-lane half and a full-width tile: rejected at the if.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}if_width_mismatch.py:15:9: error: lower-auto-vector-split: the branches of this if yield 'r' with different widths (Tile{{\[\[}}32, 64], FP32, Vec] vs Tile{{\[\[}}64, 64], FP32, Vec
# CHECK: hint: compute the value the same way (both per-lane halves) in both branches
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat], bias: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec],
          c: pl.Scalar[pl.BOOL], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        if c:
            r = pl.yield_(h)
        else:
            r = pl.yield_(bias)
        y1 = pl.store(r, [0, 0], y)
        return y1
