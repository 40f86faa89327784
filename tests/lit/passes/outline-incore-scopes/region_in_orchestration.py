# The parser wraps a bare pl.split_aiv region in a pl.at scope in an Orchestration function
# too (here inside a loop), and the pass outlines it like any scope: the loop variable and
# the carried tensor become parameters, "split_aiv" is stamped, NONE gives no "split".
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=PARSED
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class OrchRegion:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(out,)):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                row = i * 64 + aiv_id * 32
                t = pl.load(x, [row, 0], [32, 64])
                acc_1 = pl.store(pl.exp(t), [row, 0], acc)
            acc_2 = pl.yield_(acc_1)
        return acc_2

# PARSED:      for i, (acc,) in pl.range(2, init_values=(out,)):
# PARSED-NEXT:     with pl.at(level=pl.Level.CORE_GROUP):
# PARSED-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):

# CHECK:      @pl.program
# CHECK-NEXT: class OrchRegion:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, i: pl.Scalar[pl.INDEX], x: pl.Tensor{{\[\[}}128, 64], pl.FP32], acc: pl.Out[pl.Tensor{{\[\[}}128, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split_aiv": True})
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NEXT:             row: pl.Scalar[pl.INDEX] = i * 64 + aiv_id * 32
# CHECK-NEXT:             t: {{.*}} = pl.tile.load(x, [row, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:             acc_1: pl.Tensor{{\[\[}}128, 64], pl.FP32] = pl.tile.store(pl.tile.exp(t), [row, 0], acc)
# CHECK-NEXT:         return acc
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}128, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
# CHECK-NEXT:         for i, (acc,) in pl.range(2, init_values=(out,)):
# CHECK-NEXT:             acc_1: pl.Tensor{{\[\[}}128, 64], pl.FP32] = self.main_incore_0(i, x, acc)
# CHECK-NEXT:             acc_2 = pl.yield_(acc_1)
# CHECK-NEXT:         return acc_2
