# A loop storing a ragged halved tile (32 of 64 rows valid, lanes rebalanced to 16 rows each)
# at a step of 32 rows: the step is at least the valid extent the two lanes write, so the
# windows of consecutive iterations do not overlap and the store is accepted
# (errors/loop_store_overlap.py is the rejected case).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.store(pl.tile.adds(v, 1.0), [i * 32 + subblock_idx * 16, 0], o_1)
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[32, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             o: pl.Out[pl.Tensor[[96, 16], pl.FP32]]) -> pl.Tensor[[96, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 16], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            for i in pl.range(3):
                o = pl.store(pl.add(v, 1.0), [i * 32, 0], o)
        return o
