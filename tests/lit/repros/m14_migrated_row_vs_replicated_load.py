# Repro m14: UP_DOWN; the row sums [64, 1] are reshaped to a [1, 64] row (the split axis
# moves to dim 1) and combined with a [1, 64] row loaded from GM, which both lanes hold
# whole (singleton split axis). The op reads this lane's window of the loaded row (it
# was rejected with a hint telling the user to do what the program already did).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.sub(row, pl.tile.slice(g, [1, 32], [0, subblock_idx * 32])), [0, 0 + subblock_idx * 32], o)
import pypto.language as pl


@pl.program
class MigratedRow:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], gamma: pl.Tensor[[1, 64], pl.FP32],
             o: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            row = pl.reshape(pl.row_sum(v), [1, 64])
            g = pl.load(gamma, [0, 0], [1, 64])
            o = pl.store(pl.sub(row, g), [0, 0], o)
        return o
