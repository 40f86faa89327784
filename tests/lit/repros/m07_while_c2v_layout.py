# Repro m07: the NZ-vs-default-Vec layout difference on a while loop's carry. The while
# loop had no carried-width check at all, so the output was ill-typed (--verify-each
# failed and it did not parse back); it is now conformed like a pl.range carry.
# LEFT_RIGHT here (the repro was UP_DOWN): the same cause on the other axis.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.while_(
# IR: acc_Vec_layout: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.move(acc_Vec,
# IR-NEXT: pl.yield_(acc_Vec_layout, k_2)
import pypto.language as pl


@pl.program
class WhileLayout:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            acc = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            k = 0
            while k < 3:
                acc = pl.mul(acc, 0.5)
                k = k + 1
            o = pl.store(acc, [0, 0], o)
        return o
