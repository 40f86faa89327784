# A tensor-level pl.at scope: outline-incore-scopes makes it an InCore function of tensor
# ops, which this pass converts; the whole mixed-split pipeline accepts it.
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Scoped:
    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            s: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, y)
            r: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.relu(s)
        return r

# CHECK:      @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT: def main_incore_0(
# CHECK:          s: pl.Tile{{.*}} = pl.tile.add(
# CHECK-NEXT:     r: pl.Tile{{.*}} = pl.tile.relu(s)
# CHECK-NEXT:     {{.*}} = pl.tile.store(r, [0, 0], ret0__out)
# CHECK:      @pl.function(type=pl.FunctionType.Orchestration)
# CHECK:          ret0__out: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
# CHECK-NOT: pl.tensor.add
