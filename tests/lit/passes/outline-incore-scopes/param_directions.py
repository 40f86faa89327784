# Parameter directions: a tensor only read stays In; a tensor only stored into is Out; a
# tensor loaded from and stored into is InOut; a tensor written through a callee's Out
# parameter is Out, through its InOut parameter InOut.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 6 output(s)
import pypto.language as pl


@pl.program
class Directions:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[16, 64], pl.FP32],
             acc: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        s = pl.load(src, [0, 0], [16, 64])
        a = pl.load(acc, [0, 0], [16, 64])
        acc_1 = pl.store(pl.add(a, s), [0, 0], acc)
        return acc_1

    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
             h: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], g: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 64])
            out_1 = pl.store(t, [0, 0], out)
            old = pl.load(h, [0, 0], [16, 64])
            h_1 = pl.store(pl.add(old, t), [0, 0], h)
            g_1 = self.bump(x, g)
        return out_1, h_1, g_1


# CHECK:      @pl.program
# CHECK-NEXT: class Directions:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def bump(self, src: pl.Tensor{{\[\[}}16, 64], pl.FP32], acc: pl.InOut[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         s: {{.*}} = pl.tile.load(src, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         a: {{.*}} = pl.tile.load(acc, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         acc_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.add(a, s), [0, 0], acc)
# CHECK-NEXT:         return acc_1
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]], h: pl.InOut[pl.Tensor{{\[\[}}16, 64], pl.FP32]], g: pl.InOut[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32]]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(t, [0, 0], out)
# CHECK-NEXT:         old: {{.*}} = pl.tile.load(h, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         h_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.add(old, t), [0, 0], h)
# CHECK-NEXT:         g_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.bump(x, g)
# CHECK-NEXT:         return out, h, g
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]], h: pl.InOut[pl.Tensor{{\[\[}}16, 64], pl.FP32]], g: pl.InOut[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32]]:
# CHECK-NEXT:         main_incore_0_result: tuple[pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32]] = self.main_incore_0(x, out, h, g)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = main_incore_0_result[0]
# CHECK-NEXT:         h_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = main_incore_0_result[1]
# CHECK-NEXT:         g_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = main_incore_0_result[2]
# CHECK-NEXT:         return out_1, h_1, g_1
