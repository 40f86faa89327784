# Repro m03: LEFT_RIGHT; a replicated [64, 1] column is scaled (computed on a [1, 64] row
# view by resolve-backend-op-layouts) and broadcast over the column-halved scores with
# row_expand_mul. The column stays whole on both lanes, as row_expand_mul needs (it used
# to come back as a [32, 1] half and the rebuilt call was rejected).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: col2: pl.Tile{{\[\[}}64, 1], {{.*}} = pl.tile.reshape(col2_row, [64, 1])
# IR: pl.tile.row_expand_mul(v, col2)
import pypto.language as pl


@pl.program
class ColumnRowExpand:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], c: pl.Tensor[[64, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            col = pl.load(c, [0, 0], [64, 1])
            col2 = pl.mul(col, 2.0)
            o = pl.store(pl.row_expand_mul(v, col2), [0, 0], o)
        return o
