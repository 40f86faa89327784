# Found by tests/robustness/gen_mixed.py: UP_DOWN, 17 rows of which 8 are valid, so lane 1
# holds no valid row. Its row maxima [9, 1] (valid [0, 1]) reshaped to a [1, 9] row are
# empty, and the store of an empty tile at column 9 of a 17-column tensor writes nothing.
# The simulator used to carry the empty valid region as [0, 9] (type deduction: [1, 0])
# and then bounds-checked the 9 columns of an empty store.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# CHECK: check ok
import pypto.language as pl


@pl.program
class EmptyLane:
    @pl.function
    def main(self, a: pl.Tensor[[8, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
             o: pl.Out[pl.Tensor[[1, 17], pl.FP32]]) -> pl.Tensor[[1, 17], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [17, 32], [8, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            o = pl.store(pl.reshape(pl.row_max(v), [1, 17]), [0, 0], o)
        return o
