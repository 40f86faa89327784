# name_hint names the outlined function; an unnamed scope next to it still counts from 0.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Hinted:
    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="fused_exp"):
            t = pl.load(x, [0, 0], [16, 64])
            e = pl.exp(t)
        with pl.at(level=pl.Level.CORE_GROUP):
            out_1 = pl.store(pl.add(e, t), [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class Hinted:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def fused_exp(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> tuple[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         e: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT:         return t, e
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, e: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], t: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.add(e, t), [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         fused_exp_result: tuple[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]] = self.fused_exp(x)
# CHECK-NEXT:         t: {{.*}} = fused_exp_result[0]
# CHECK-NEXT:         e: {{.*}} = fused_exp_result[1]
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.main_incore_0(e, t, out)
# CHECK-NEXT:         return out_1
