# Repro m04: UP_DOWN with an odd row count (65): the [65, 1] column is halved to 33 rows
# per lane (valid 33 / 32). The elementwise op on it is computed on a [1, 65] row view;
# [N, 1] <-> [1, N] only adds / removes a unit axis, so the split axis moves to the
# counterpart axis whatever its parity (it used to be rejected for odd N).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: col_row: pl.Tile{{\[\[}}1, 33], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, pl.min(pl.max(65, subblock_idx * 33) - subblock_idx * 33, 33)])] = pl.tile.reshape(col, [1, 33])
import pypto.language as pl


@pl.program
class OddColumn:
    @pl.function
    def main(self, a: pl.Tensor[[65, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], c: pl.Tensor[[65, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[65, 16], pl.FP32]]) -> pl.Tensor[[65, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [65, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            col = pl.load(c, [0, 0], [65, 1])
            col = pl.maximum(col, -0.5)
            o = pl.store(pl.row_expand_sub(v, col), [0, 0], o)
        return o
