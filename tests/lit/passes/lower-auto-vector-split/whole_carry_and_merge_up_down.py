# A value both lanes hold whole (a [1, 64] row loaded from GM: a singleton split axis under
# UP_DOWN) meets the per-lane half of the migrated row sums [1, 64] (split axis moved to
# dim 1) in a loop carry and at an if-merge. The loop enters with this lane's window of
# the row (the body is lowered again with the per-lane carry), and the branch that yields
# the row whole yields its lane window; both used to be rejected as width changes.
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=CHK
# CHK: check ok
# CHECK: for i, (acc_1,) in pl.range(3, init_values=(pl.tile.slice(acc, [1, 32], [0, subblock_idx * 32]),)):
# CHECK: else:
# CHECK-NEXT: m_lane: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.slice(m, [1, 32], [0, subblock_idx * 32])
import pypto.language as pl


@pl.program
class WholeCarry:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], gamma: pl.Tensor[[1, 64], pl.FP32],
             flag: pl.Scalar[pl.BOOL],
             o: pl.Out[pl.Tensor[[1, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            row = pl.reshape(pl.row_sum(v), [1, 64])
            g = pl.load(gamma, [0, 0], [1, 64])
            acc = g
            for i in pl.range(3):
                acc = pl.add(acc, row)
            o = pl.store(acc, [0, 0], o)
            m = g
            if flag:
                m = pl.mul(row, 2.0)
            o2 = pl.store(m, [0, 0], o2)
        return o, o2
