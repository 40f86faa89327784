# Element stores write a captured tile in place: a tile only written element-wise is an Out
# parameter, one also read element-wise InOut. A scope without results becomes a bare call.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class E:
    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.load(x, [0, 0], [16, 64])
        with pl.at(level=pl.Level.CORE_GROUP):
            t[0, 1] = pl.cast(2.0, pl.FP32)
            v = u[0, 0]
            u[1, 1] = v
        out_1 = pl.store(pl.add(t, u), [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class E:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, t: pl.Out[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]], u: pl.InOut[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]]):
# CHECK-NEXT:         t[0, 1] = pl.cast(2.0, pl.FP32)
# CHECK-NEXT:         v: pl.Scalar[pl.FP32] = u[0, 0]
# CHECK-NEXT:         u[1, 1] = v
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         u: {{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         self.main_incore_0(t, u)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.add(t, u), [0, 0], out)
# CHECK-NEXT:         return out_1
