# Two unnamed scopes in one function are named main_incore_0 and main_incore_1; the
# second reads the first's result through the caller's fresh variable.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 4 output(s)
import pypto.language as pl


@pl.program
class TwoStage:
    @pl.function
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [32, 64])
            y_1 = pl.store(pl.mul(t, 2.0), [0, 0], y)
        with pl.at(level=pl.Level.CORE_GROUP):
            u = pl.load(y_1, [0, 0], [32, 64])
            z_1 = pl.store(pl.exp(pl.sub(u, 1.0)), [0, 0], z)
        return y_1, z_1

# CHECK:      @pl.program
# CHECK-NEXT: class TwoStage:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.muls(t, 2.0), [0, 0], y)
# CHECK-NEXT:         return y
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_1(self, y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32], z: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT:         u: {{.*}} = pl.tile.load(y_1, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         z_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.subs(u, 1.0)), [0, 0], z)
# CHECK-NEXT:         return z
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]], z: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}32, 64], pl.FP32], pl.Tensor{{\[\[}}32, 64], pl.FP32]]:
# CHECK-NEXT:         y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = self.main_incore_0(x, y)
# CHECK-NEXT:         z_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = self.main_incore_1(y_1, z)
# CHECK-NEXT:         return y_1, z_1
