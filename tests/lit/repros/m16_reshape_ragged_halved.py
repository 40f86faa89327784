# Repro m16: UP_DOWN; the C->V tile has 50 of 64 rows valid, and a whole-row regrouping
# [64, 64] -> [128, 32] follows. The reshape keeps the box partition (no lane_stride: the
# balanced lanes cannot be regrouped), and the registry carries the lane's runtime valid
# rows e into 2 * e rows of the new shape (it used to fail in the registry's deduction,
# without the pass's prefix).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.store(pl.tile.reshape(pl.tile.muls(v, 0.5), [64, 32]), [0 + subblock_idx * 64, 0], o)
import pypto.language as pl


@pl.program
class RaggedReshape:
    @pl.function
    def main(self, a: pl.Tensor[[50, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], [50, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            o = pl.store(pl.reshape(pl.mul(v, 0.5), [128, 32]), [0, 0], o)
        return o
