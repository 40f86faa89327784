# Repro m05: a C->V move without layout kwargs keeps the Acc tile's NZ view, and the
# loop-carried accumulator it starts is typed with it (resolve-backend-op-layouts moves the
# body's row-major result back to NZ before the yield). tile.aiv_shard gives the lane's half
# the default Vec view, so the pass moves the yielded value to the carry's layout instead
# of rejecting two types that differ only in layout.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: acc: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(
# IR: acc_Vec_layout: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.move(acc_Vec, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# IR-NEXT: pl.yield_(acc_Vec_layout)
import pypto.language as pl


@pl.program
class LoopCarryLayout:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             x: pl.Tensor[[192, 64], pl.FP32],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            acc = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            for i in pl.range(3):
                acc = pl.add(acc, pl.load(x, [i * 64, 0], [64, 64]))
            o = pl.store(acc, [0, 0], o)
        return o
