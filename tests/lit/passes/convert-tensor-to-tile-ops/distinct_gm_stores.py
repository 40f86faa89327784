# A bulk store and element writes into distinct GM tensors are accepted (the coherence rule
# is per tensor), and an element write into an on-chip value becomes tile.write.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Distinct:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], flags: pl.InOut[pl.Tensor[[8], pl.FP32]],
               v: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
        e2: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.write(e, [0, 0], v)
        pl.tensor.write(flags, [0], v)
        return e2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], flags: pl.InOut[pl.Tensor[[8], pl.FP32]],
             v: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, flags, v)
        return o

# CHECK:      e: pl.Tile{{.*}} = pl.tile.exp(x__tile)
# CHECK-NEXT: e2: pl.Tile{{.*}} = pl.tile.write(e, [0, 0], v)
# CHECK-NEXT: pl.tensor.write(flags, [0], v)
# CHECK-NEXT: ret0__store: {{.*}} = pl.tile.store(e2, [0, 0], ret0__out)
