# An if whose one branch yields a per-lane half and whose other branch yields a Vec tile
# parameter held whole by both lanes: that branch yields this lane's window of it (was:
# rejected as branches of different widths).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# CHECK: else:
# CHECK-NEXT: bias_lane: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(bias, [32, 64], [subblock_idx * 32, 0])
# CHECK-NEXT: r = pl.yield_(bias_lane)
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
