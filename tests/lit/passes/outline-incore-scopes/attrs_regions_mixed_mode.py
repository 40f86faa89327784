# Regions of different modes: "split_aiv": True but no representative "split". A scope
# whose only region is mode NONE gets "split_aiv" alone as well.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 4 output(s)
import pypto.language as pl


@pl.program
class MixedModes:
    @pl.function
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
             sums: pl.Out[pl.Tensor[[4, 128], pl.FP32]]
             ) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[4, 128], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [0, 0], [64, 128])
                m = pl.row_max(t)
            for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                u = pl.exp(pl.row_expand_sub(t, m))
                out_2 = pl.store(u, [0, 0], out)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for blk, (acc,) in pl.range(aiv_id, 4, 2, init_values=(sums,)):
                r = pl.load(x, [blk * 16, 0], [16, 128])
                acc_1 = pl.store(pl.col_sum(r), [blk, 0], acc)
                acc_2 = pl.yield_(acc_1)
        return out_2, acc_2

# CHECK:      @pl.program
# CHECK-NEXT: class MixedModes:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}64, 128], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 128], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split_aiv": True})
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT:             t: {{.*}} = pl.tile.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT:             m: {{.*}} = pl.tile.row_max(t)
# CHECK-NEXT:         for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
# CHECK-NEXT:             u: {{.*}} = pl.tile.exp(pl.tile.row_expand_sub(t, m))
# CHECK-NEXT:             out_2: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tile.store(u, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_1(self, sums: pl.Out[pl.Tensor{{\[\[}}4, 128], pl.FP32]], x: pl.Tensor{{\[\[}}64, 128], pl.FP32]) -> pl.Tensor{{\[\[}}4, 128], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split_aiv": True})
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NEXT:             for blk, (acc,) in pl.range(aiv_id, 4, 2, init_values=(sums,)):
# CHECK-NEXT:                 r: {{.*}} = pl.tile.load(x, [blk * 16, 0], [16, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT:                 acc_1: pl.Tensor{{\[\[}}4, 128], pl.FP32] = pl.tile.store(pl.tile.col_sum(r), [blk, 0], acc)
# CHECK-NEXT:                 acc_2 = pl.yield_(acc_1)
# CHECK-NEXT:         return sums
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}64, 128], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]], sums: pl.Out[pl.Tensor{{\[\[}}4, 128], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}64, 128], pl.FP32], pl.Tensor{{\[\[}}4, 128], pl.FP32]]:
# CHECK-NEXT:         out_2: pl.Tensor{{\[\[}}64, 128], pl.FP32] = self.main_incore_0(x, out)
# CHECK-NEXT:         acc_2: pl.Tensor{{\[\[}}4, 128], pl.FP32] = self.main_incore_1(sums, x)
# CHECK-NEXT:         return out_2, acc_2
