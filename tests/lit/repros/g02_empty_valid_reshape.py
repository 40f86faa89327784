# Found by tests/robustness/gen_mixed.py: a slice at column 60 of a tile whose valid
# columns end at 40 has an empty valid region ([15, 0]); reshaping it ([31, 1] -> [1, 31])
# was rejected by type deduction although the simulator carries an empty region as
# [0, ...]. Deduction now does the same, and the program runs before and after the split.
# The reshaped tile is empty on both lanes (its valid columns are 0 on every path): the store
# writes nothing, so the split lowering drops it (PTOAS rejects a static empty partition view).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc check %s --passes=compile | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.store(v, [0 + subblock_idx * 16, 0], o)
# IR-NOT: pl.tile.store(pl.tile.reshape
import pypto.language as pl


@pl.program
class EmptyReshape:
    @pl.function
    def main(self, a: pl.Tensor[[31, 16], pl.FP16], b: pl.Tensor[[16, 63], pl.FP16], x: pl.Tensor[[31, 63], pl.FP32],
             o: pl.Out[pl.Tensor[[31, 63], pl.FP32]], o2: pl.Out[pl.Tensor[[1, 31], pl.FP32]]) -> tuple[pl.Tensor[[31, 63], pl.FP32], pl.Tensor[[1, 31], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [31, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 63], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            o = pl.store(v, [0, 0], o)
            sv = pl.tile.set_validshape(pl.load(x, [0, 0], [31, 63]), 15, 40)
            c = pl.maximum(pl.slice(sv, [31, 1], [0, 60]), -0.25)
            o2 = pl.store(pl.reshape(c, [1, 31]), [0, 0], o2)
        return o, o2
