# The bitwise tensor ops and the arg-reductions become their tile forms (tile.and_ ...
# tile.not_, tile.row_argmax ... tile.col_argmin); `ptoc check` runs both levels in the
# simulator on the same inputs and compares them, and sim_expect.py checks the tile kernels
# against numpy.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
# RUN: rm -rf %t && %python %S/../../sim/Inputs/sim_expect.py gen bitwise %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out --entry main
# RUN: %python %S/../../sim/Inputs/sim_expect.py check bitwise %t/in %t/out
import pypto.language as pl


@pl.program
class Bitwise:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[8, 16], pl.INT32], b: pl.Tensor[[8, 16], pl.INT32]) -> pl.Tensor[[8, 16], pl.INT32]:
        # CHECK: pl.tile.and_(a__tile, b__tile)
        x: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.and_(a, b)
        # CHECK: pl.tile.ors(x, 12)
        y: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.ors(x, 12)
        # CHECK: pl.tile.xor(y, b__tile)
        z: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.xor(y, b)
        # CHECK: pl.tile.shls(z, 2)
        w: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.shls(z, 2)
        # CHECK: pl.tile.not_(w)
        v: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.not_(w)
        # CHECK: pl.tile.row_argmax(a__tile)
        m: pl.Tensor[[8, 1], pl.INT32] = pl.tensor.row_argmax(a)
        e: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.row_expand_add(v, m)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[8, 16], pl.INT32], b: pl.Tensor[[8, 16], pl.INT32]) -> pl.Tensor[[8, 16], pl.INT32]:
        o: pl.Tensor[[8, 16], pl.INT32] = self.kernel(a, b)
        return o
