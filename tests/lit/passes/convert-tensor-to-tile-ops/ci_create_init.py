# tensor.ci (pl.arange, pl.tensor.arange) becomes tile.ci; tensor.create(init_value=v)
# becomes a tile filled with v. `ptoc check` runs both forms in the simulator.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
# FMT: pl.tensor.ci(3, [1, 32], dtype=pl.INT32)
# FMT: pl.tensor.ci(40, [1, 32], dtype=pl.INT32, descending=True)
# RUN: rm -rf %t && %ptoc run %s --out %t
# RUN: mkdir -p %t.in && %python %S/../../sim/Inputs/sim_expect.py check ci_create_init %t.in %t
import pypto.language as pl


@pl.program
class Ci:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[1, 32], pl.INT32]) -> pl.Tensor[[1, 32], pl.INT32]:
        # CHECK: pl.tile.ci(3, [1, 32], dtype=pl.INT32)
        a: pl.Tensor[[1, 32], pl.INT32] = pl.arange(3, [1, 32])
        # CHECK: pl.tile.ci(40, [1, 32], dtype=pl.INT32, descending=True)
        b: pl.Tensor[[1, 32], pl.INT32] = pl.tensor.arange(40, [1, 32], descending=True)
        # CHECK: pl.tile.full([1, 32], pl.const(2, pl.INT32), dtype=pl.INT32)
        c: pl.Tensor[[1, 32], pl.INT32] = pl.create_tensor([1, 32], dtype=pl.INT32, init_value=2)
        d: pl.Tensor[[1, 32], pl.INT32] = pl.add(a, b)
        e: pl.Tensor[[1, 32], pl.INT32] = pl.add(d, c)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[1, 32], pl.INT32]) -> pl.Tensor[[1, 32], pl.INT32]:
        o: pl.Tensor[[1, 32], pl.INT32] = self.kernel(x)
        return o
