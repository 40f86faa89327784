# A halved tile with an odd split axis (17 rows: lanes hold 9 / 8) regrouped into other
# rows: the two lanes' blocks differ in size, so no per-lane shape exists: rejected.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: odd_regroup.py:17:13: error: lower-auto-vector-split: tile.reshape of the halved tile 'h' to [34, 32] moves the split axis in a way the lanes cannot follow: the split axis has an odd extent (17), so the lanes' blocks differ in size
# CHECK: hint: reshape before the value is split
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[17, 64], pl.FP32],
          o: pl.Out[pl.Tensor[[34, 32], pl.FP32]]) -> pl.Tensor[[34, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        m = pl.load(a, [0, 0], [17, 64], target_memory=pl.Mem.Mat)
        h = pl.tile.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        g = pl.tile.reshape(h, [34, 32])
        r = pl.tile.store(g, [0, 0], o)
        return r
