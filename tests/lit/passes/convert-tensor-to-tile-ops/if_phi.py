# An if whose branch yields a tile gives a tile result; the other branch's GM value (an In
# parameter) is loaded so both branches yield tiles.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Branch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        if n > 2:
            y: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
            r = pl.yield_(y)
        else:
            r = pl.yield_(x)
        z: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(r, 2.0)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        o: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, n)
        return o

# CHECK:      x__tile: pl.Tile{{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: if n > 2:
# CHECK-NEXT:     y: pl.Tile{{.*}} = pl.tile.exp(x__tile)
# CHECK-NEXT:     r = pl.yield_(y)
# CHECK-NEXT: else:
# CHECK-NEXT:     r = pl.yield_(x__tile)
# CHECK-NEXT: z: pl.Tile{{.*}} = pl.tile.muls(r, 2.0)
