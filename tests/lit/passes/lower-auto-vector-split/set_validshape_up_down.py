# tile.set_validshape on a halved tile: the split-axis extent (a runtime scalar
# `rows` of the full tile, 33..48 for the random `extra` in 0..15, so both lanes own
# rows) is localized to the lane —
# min(max(rows, idx*32) - idx*32, 32) — so lane 0 keeps up to 32 rows and lane 1
# the rest; the store writes only each lane's valid rows.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: v: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(rows, subblock_idx * 32) - subblock_idx * 32, 32), 64])] = pl.tile.set_validshape(h, pl.min(pl.max(rows, subblock_idx * 32) - subblock_idx * 32, 32), 64)
# The lane's extent can be 0 (rows <= 32 leaves lane 1 nothing), and a store of an empty tile is
# outside the ISA contract: the store is guarded and the tensor version carried out of the if.
# CHECK-NEXT: if pl.min(pl.max(rows, subblock_idx * 32) - subblock_idx * 32, 32) > 0:
# CHECK-NEXT: y1_lane: {{.*}} = pl.tile.store(v, [0 + subblock_idx * 32, 0], y)
# CHECK-NEXT: y1 = pl.yield_(y1_lane)
# CHECK-NEXT: else:
# CHECK-NEXT: y1 = pl.yield_(y)
import pypto.language as pl


@pl.program
class ValidRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          extra: pl.Scalar[pl.INDEX],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        rows = extra + 33
        v = pl.tile.set_validshape(h, rows, 64)
        y1 = pl.store(v, [0, 0], y)
        return y1
