# Repro m11: LEFT_RIGHT; a replicated [63, 1] column reshaped to a [1, 63] row. The row
# stays whole on both lanes; its store writes each lane's window, a [1, 32] slice with lane 1's
# 31 valid columns (it used to be sliced per lane with lane 1's window past the end, then was
# stored whole by both lanes). In the second function the row meets a column-halved [1, 63] tile (col_sum of the
# 63-column scores): the pass then takes this lane's window of the row, [1, 32] at column
# subblock_idx * 32 with lane 1's 31 valid columns (its box overhangs the source by one).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR-LABEL: def main_incore_0(
# IR: row: pl.Tile{{\[\[}}1, 63], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(col, [1, 63])
# IR-NEXT: orow_1: {{.*}} = pl.tile.store(pl.tile.slice(row, [1, 32], [0, subblock_idx * 32], [1, pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32)]), [0, 0 + subblock_idx * 32], orow)
# IR-LABEL: def main_incore_1(
# IR: pl.tile.slice(row, [1, 32], [0, subblock_idx * 32], [1, pl.min(pl.max(63, subblock_idx * 32) - subblock_idx * 32, 32)])
import pypto.language as pl


@pl.program
class ReshapeUnhalvedOdd:
    @pl.function
    def main(self, a: pl.Tensor[[63, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], b2: pl.Tensor[[32, 63], pl.FP16],
             c: pl.Tensor[[63, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[63, 64], pl.FP32]], orow: pl.Out[pl.Tensor[[1, 63], pl.FP32]],
             o2: pl.Out[pl.Tensor[[1, 63], pl.FP32]]) -> tuple[pl.Tensor[[63, 64], pl.FP32], pl.Tensor[[1, 63], pl.FP32], pl.Tensor[[1, 63], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [63, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            o = pl.store(v, [0, 0], o)
            col = pl.load(c, [0, 0], [63, 1])
            row = pl.reshape(col, [1, 63])
            orow = pl.store(row, [0, 0], orow)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b2, [0, 0], [32, 63], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            col = pl.load(c, [0, 0], [63, 1])
            row = pl.reshape(col, [1, 63])
            o2 = pl.store(pl.add(pl.col_sum(v), row), [0, 0], o2)
        return o, orow, o2
