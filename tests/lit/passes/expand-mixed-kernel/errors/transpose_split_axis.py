# A hand-written split_aiv kernel (UP_DOWN, not region-validated) that transposes a vector
# tile across the split axis: rejected by the whole-function transpose hazard check.
# RUN: not %ptoc opt %s --passes=expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: transpose_split_axis.py:19:13: error: expand-mixed-kernel: 'f' is split UP_DOWN but this tile.transpose swaps the split axis (dim 0): each AIV lane holds half of that axis, and the transpose would move it to the other dimension
# CHECK: hint: drop the split (remove pl.split / set split to pl.SplitMode.NONE), or remove the transpose
import pypto.language as pl


@pl.program
class Transpose:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
        t = pl.tile.transpose(h, 0, 1)
        y1 = pl.store(t, [0, 0], y)
        return y1
