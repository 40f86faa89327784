# Broadcasting binary tensor ops: a [M, 1] column operand becomes tile.row_expand_<op>, a
# [1, N] row tile.col_expand_<op>; a narrow left operand of a commutative op swaps, of sub /
# div it is first expanded to the full shape (tile.row_expand) and the op runs on equal shapes.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Broadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Tensor[[16, 1], pl.FP32],
               r: pl.Tensor[[1, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        a: pl.Tensor[[16, 64], pl.FP32] = pl.sub(x, c)
        b: pl.Tensor[[16, 64], pl.FP32] = pl.mul(a, r)
        d: pl.Tensor[[16, 64], pl.FP32] = pl.add(c, b)
        e: pl.Tensor[[16, 64], pl.FP32] = pl.sub(c, d)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Tensor[[16, 1], pl.FP32],
             r: pl.Tensor[[1, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, c, r)
        return o

# CHECK:      a: pl.Tile{{.*}} = pl.tile.row_expand_sub(x__tile, c__tile)
# CHECK-NEXT: b: pl.Tile{{.*}} = pl.tile.col_expand_mul(a, r__tile)
# CHECK-NEXT: d: pl.Tile{{.*}} = pl.tile.row_expand_add(b, c__tile)
# CHECK-NEXT: bcast: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.row_expand(d, c__tile)
# CHECK-NEXT: e: pl.Tile{{.*}} = pl.tile.sub(bcast, d)
