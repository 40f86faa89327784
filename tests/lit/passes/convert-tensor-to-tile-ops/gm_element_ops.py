# Element reads and writes of GM tensors stay tensor ops (scalar work, no tile data), and a
# function without tensor computation is left as it is; an element read of a computed value
# becomes tile.read.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Elements:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], dst: pl.InOut[pl.Tensor[[4], pl.FP32]]) -> pl.Scalar[pl.FP32]:
        v: pl.Scalar[pl.FP32] = pl.tensor.read(x, [1, 2])
        pl.tensor.write(dst, [0], v)
        e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
        w: pl.Scalar[pl.FP32] = pl.tensor.read(e, [3, 4])
        return w

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], dst: pl.InOut[pl.Tensor[[4], pl.FP32]]) -> pl.Scalar[pl.FP32]:
        o: pl.Scalar[pl.FP32] = self.kernel(x, dst)
        return o

# CHECK:      v: pl.Scalar[pl.FP32] = pl.tensor.read(x, [1, 2])
# CHECK-NEXT: pl.tensor.write(dst, [0], v)
# CHECK-NEXT: e: pl.Tile{{.*}} = pl.tile.exp(x__tile)
# CHECK-NEXT: w: pl.Scalar[pl.FP32] = pl.tile.read(e, [3, 4])
# CHECK-NEXT: return w
