# A reshape of a column-halved tile into a shape where a lane half is not contiguous: rejected.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}untrackable_reshape.py:19:13: error: lower-auto-vector-split: tile.reshape of the halved tile 'h' to [32, 128] moves the split axis in a way the lanes cannot follow: each lane holds a column block
# CHECK: hint: reshape before the value is split (e.g. in the producer's shape), or keep the reshape to adding / removing unit axes ([N, 1] <-> [1, N])
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        r = pl.tile.reshape(h, [32, 128])
        y1 = pl.store(h, [0, 0], y)
        return y1
