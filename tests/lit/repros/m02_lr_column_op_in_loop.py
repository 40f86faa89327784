# Repro m02: LEFT_RIGHT; a [64, 1] column (singleton split axis: both lanes hold all of it)
# is scaled in a while loop. resolve-backend-op-layouts computes the column op on a [1, 64]
# row view; that view of a replicated column stays replicated (it used to be sliced per
# lane, so the loop body yielded a [32, 1] half for a [64, 1] carry and the program broke
# in the simulator).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: col_row: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(col_1, [1, 64])
# IR-NEXT: col_row_1: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(col_row, 0.5)
# IR-NEXT: col_2: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(col_row_1, [64, 1])
import pypto.language as pl


@pl.program
class ColumnInLoop:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], c: pl.Tensor[[64, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]], oc: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 1], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            o = pl.store(v, [0, 0], o)
            col = pl.load(c, [0, 0], [64, 1])
            k = 0
            while k < 3:
                col = pl.mul(col, 0.5)
                k = k + 1
            oc = pl.store(col, [0, 0], oc)
        return o, oc
