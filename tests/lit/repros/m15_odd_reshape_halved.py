# Repro m15: UP_DOWN with 17 rows: the [17, 1] row maxima are halved 9 / 8; the
# [17, 1] -> [1, 17] reshape only removes / adds a unit axis, so the split axis moves to
# dim 1 with the same per-lane extents (it was rejected for odd N).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.store(pl.tile.reshape(m, [1, 9]), [0, 0 + subblock_idx * 9], o)
import pypto.language as pl


@pl.program
class OddReshape:
    @pl.function
    def main(self, a: pl.Tensor[[17, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[1, 17], pl.FP32]]) -> pl.Tensor[[1, 17], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [17, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            m = pl.row_max(v)
            o = pl.store(pl.reshape(m, [1, 17]), [0, 0], o)
        return o
