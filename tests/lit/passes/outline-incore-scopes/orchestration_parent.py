# An Orchestration parent keeps its type; its existing calls stay as they are and the
# outlined function is inserted right before it, after the InCore function it calls.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 4 output(s)
import pypto.language as pl


@pl.program
class Orch:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[32, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        y_1 = pl.store(pl.mul(t, 2.0), [0, 0], y)
        return y_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        y_1 = self.scale(x, y)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="shift_exp"):
            u = pl.load(y_1, [0, 0], [32, 64])
            z_1 = pl.store(pl.exp(pl.sub(u, 1.0)), [0, 0], z)
        return y_1, z_1

# CHECK:      @pl.program
# CHECK-NEXT: class Orch:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def scale(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.muls(t, 2.0), [0, 0], y)
# CHECK-NEXT:         return y_1
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def shift_exp(self, y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32], z: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT:         u: {{.*}} = pl.tile.load(y_1, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         z_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.subs(u, 1.0)), [0, 0], z)
# CHECK-NEXT:         return z
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]], z: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}32, 64], pl.FP32], pl.Tensor{{\[\[}}32, 64], pl.FP32]]:
# CHECK-NEXT:         y_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = self.scale(x, y)
# CHECK-NEXT:         z_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = self.shift_exp(y_1, z)
# CHECK-NEXT:         return y_1, z_1
