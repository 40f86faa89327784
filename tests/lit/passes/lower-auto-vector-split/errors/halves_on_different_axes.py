# LEFT_RIGHT: a [1, 32] row load is halved on its columns; reshaped to a [32, 1] column its
# split axis moves to the rows. row_expand_add with the column-halved scores needs every
# row of the column on each lane: rejected (found by tests/robustness/gen_mixed.py).
# RUN: not %ptoc opt %s --passes=mixed-split 2>&1 | FileCheck %s
# CHECK: halves_on_different_axes.py:20:17: error: lower-auto-vector-split: tile.row_expand_add combines per-lane halves split on different axes (1 and 0): 'h' is halved on axis 0 (a reshape moved its split axis)
# CHECK: hint: produce that operand with the split axis where the op needs it (e.g. load the [N, 1] column directly
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[32, 16], pl.FP16], b: pl.Tensor[[16, 32], pl.FP16], r: pl.Tensor[[1, 32], pl.FP32],
             o: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            h = pl.reshape(pl.load(r, [0, 0], [1, 32]), [32, 1])
            e = pl.row_expand_add(v, h)
            o = pl.store(e, [0, 0], o)
        return o
