# pl.split(pl.SplitMode.NONE) counts too: any function-level split next to pl.split_aiv
# regions (here nested in a loop) is rejected.
# RUN: not %ptoc opt %s --passes=outline-incore-scopes 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class ConflictNone:
    @pl.function
    def main(self, x: pl.Tensor[[64, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        # CHECK: error_split_none_with_regions.py:[[@LINE+2]]:9: error: a pl.at scope with optimizations=[pl.split(pl.SplitMode.NONE)] cannot also hold pl.split_aiv regions
        # CHECK: hint: {{.*}}pl.cross_core_slot(slot_num=N)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE)], name_hint="k"):
            for i, (acc,) in pl.range(2, init_values=(out,)):
                for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                    t = pl.load(x, [i * 32, 0], [32, 128])
                    acc_1 = pl.store(t, [i * 32, 0], acc)
                acc_2 = pl.yield_(acc_1)
        return acc_2
