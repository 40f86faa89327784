# One scope, one result: the store result becomes the outlined function's return (the Out
# parameter itself), the caller binds it to a fresh variable, and the Opaque parent becomes
# Orchestration.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Single:
    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a = pl.load(x, [0, 0], [16, 64])
            b = pl.load(y, [0, 0], [16, 64])
            c = pl.add(a, b)
            out_1 = pl.store(c, [0, 0], out)
        return out_1

# CHECK:      @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT: def main_incore_0(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:     a: {{.*}} = pl.tile.load(x, [0, 0], [16, 64]
# CHECK-NEXT:     b: {{.*}} = pl.tile.load(y, [0, 0], [16, 64]
# CHECK-NEXT:     c: {{.*}} = pl.tile.add(a, b)
# CHECK-NEXT:     out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(c, [0, 0], out)
# CHECK-NEXT:     return out
# CHECK-EMPTY:
# CHECK-NEXT: @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT: def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:     out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.main_incore_0(x, y, out)
# CHECK-NEXT:     return out_1
# CHECK-NOT: pl.at
