# A ragged boundary lower-auto-vector-split could not rebalance (the body also loads a tile of
# its own): 100 valid rows of a 128-row box on the box partition leave the lanes 64 and 36
# rows, which no split code places. Rejected at the boundary.
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: unplaceable_lanes.py:20:13: error: expand-mixed-kernel: the cube -> vector boundary 'tile.aiv_shard' leaves the two AIV lanes 64 and 36 cells of its split axis (dim 0, valid extent 100 of 128); the lanes must hold equal extents, lane 0 exactly one more (the odd split codes), or lane 1 nothing
# CHECK: hint: the lanes are rebalanced automatically only when the whole split body derives from this boundary: move the values split on their own (a load, a generator, a full-width operand) out of the split scope, widen the valid extent to 128 or 127 (or narrow it to at most 64) with pl.tile.set_validshape, or, in a hand-written split kernel, write lane_stride=50
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          x: pl.Tensor[[128, 128], pl.FP32],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        xv = pl.load(x, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.add(h, xv), [0, 0], y)
        return y1
