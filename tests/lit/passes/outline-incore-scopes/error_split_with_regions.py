# A scope that asks for a function-level pl.split(...) and also holds pl.split_aiv regions
# is rejected at the scope: the two are mutually exclusive.
# RUN: not %ptoc opt %s --passes=outline-incore-scopes 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Conflict:
    @pl.function
    def main(self, x: pl.Tensor[[64, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        # CHECK: error_split_with_regions.py:[[@LINE+3]]:9: error: a pl.at scope with optimizations=[pl.split(pl.SplitMode.UP_DOWN)] cannot also hold pl.split_aiv regions: the function-level split and the per-region modes are mutually exclusive
        # CHECK: hint: drop pl.split(...) (each region carries its own mode); to size the cross-core pipe use optimizations=[pl.cross_core_slot(slot_num=N)] instead
        # CHECK-NOT: error:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            t = pl.load(x, [0, 0], [64, 128])
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                out_1 = pl.store(pl.exp(t), [0, 0], out)
        return out_1
