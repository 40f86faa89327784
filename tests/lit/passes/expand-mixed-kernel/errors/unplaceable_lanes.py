# A hand-written split_aiv kernel shards a ragged tile (100 valid rows of 128) on the box
# partition without narrowing it: the lanes would hold 64 and 36 rows, which no split code
# places (pypto-facts §3.7). Rejected at the boundary, with the ways out.
# RUN: not %ptoc opt %s --passes=expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: unplaceable_lanes.py:20:13: error: expand-mixed-kernel: the cube -> vector boundary 'tile.aiv_shard' leaves the two AIV lanes 64 and 36 cells of its split axis (dim 0, valid extent 100 of 128); the lanes must hold equal extents, lane 0 exactly one more (the odd split codes), or lane 1 nothing
# CHECK: hint: {{.*}}write lane_stride=50, or narrow the shard to the lane's rows: pl.tile.set_validshape(pl.tile.aiv_shard(...), ...)
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        subblock_idx = pl.tile.get_subblock_idx()
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
        y1 = pl.store(pl.mul(h, 2.0), [subblock_idx * 64, 0], y)
        return y1
