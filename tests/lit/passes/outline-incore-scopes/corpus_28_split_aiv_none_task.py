# A bare task-parallel (NONE) region whose loop carries the Out tensor, in SSA form (tests/corpus/28_split_aiv_none_task.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class TaskParallelRegion:
    @pl.function
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             sums: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for blk, (acc,) in pl.range(aiv_id, 8, 2, init_values=(sums,)):
                t = pl.load(x, [blk * 16, 0], [16, 64])
                cs = pl.tile.col_sum(t)
                acc_1 = pl.store(cs, [blk, 0], acc)
                acc_2 = pl.yield_(acc_1)
        return acc_2

# CHECK:      @pl.program
# CHECK-NEXT: class TaskParallelRegion:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, sums: pl.Out[pl.Tensor{{\[\[}}8, 64], pl.FP32]], x: pl.Tensor{{\[\[}}128, 64], pl.FP32]) -> pl.Tensor{{\[\[}}8, 64], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split_aiv": True})
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NEXT:             for blk, (acc,) in pl.range(aiv_id, 8, 2, init_values=(sums,)):
# CHECK-NEXT:                 t: {{.*}} = pl.tile.load(x, [blk * 16, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:                 cs: {{.*}} = pl.tile.col_sum(t)
# CHECK-NEXT:                 acc_1: pl.Tensor{{\[\[}}8, 64], pl.FP32] = pl.tile.store(cs, [blk, 0], acc)
# CHECK-NEXT:                 acc_2 = pl.yield_(acc_1)
# CHECK-NEXT:         return sums
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], sums: pl.Out[pl.Tensor{{\[\[}}8, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}8, 64], pl.FP32]:
# CHECK-NEXT:         acc_2: pl.Tensor{{\[\[}}8, 64], pl.FP32] = self.main_incore_0(sums, x)
# CHECK-NEXT:         return acc_2
