# A scope inside a loop of the parent: the loop variable and the carried tensor are
# parameters, the store result is returned and yielded by the caller's loop.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function
    def main(self, x: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(x, [i * 16, 0], [16, 64])
                acc_1 = pl.store(pl.exp(t), [i * 16, 0], acc)
            acc_2 = pl.yield_(acc_1)
        return acc_2

# CHECK:      @pl.program
# CHECK-NEXT: class Blocks:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}64, 64], pl.FP32], i: pl.Scalar[pl.INDEX], acc: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [i * 16, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         acc_1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(pl.tile.exp(t), [i * 16, 0], acc)
# CHECK-NEXT:         return acc
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}64, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# CHECK-NEXT:         for i, (acc,) in pl.range(4, init_values=(out,)):
# CHECK-NEXT:             acc_1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = self.main_incore_0(x, i, acc)
# CHECK-NEXT:             acc_2 = pl.yield_(acc_1)
# CHECK-NEXT:         return acc_2
