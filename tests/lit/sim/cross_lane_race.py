# Two AIV lanes of a split_aiv function store overlapping windows with different
# values: the simulator reports the cross-lane write conflict at the store (the lanes
# run concurrently on the NPU), instead of silently keeping lane 1's value.
# RUN: not %ptoc run %s 2>&1 | FileCheck %s
# CHECK: cross_lane_race.py:21:17: error: cross-lane write conflict in f: AIV lane 1 writes out[16, 0] = {{.*}}, but lane 0 wrote {{.*}} there in this kernel; the lanes run concurrently, so the element's final value is undefined
# CHECK: hint: make the lanes' store windows disjoint
# Equal values written by both lanes (the same full tile) are benign:
# RUN: %ptoc run %S/Inputs/cross_lane_same_value.py | FileCheck %s --check-prefix=SAME
# SAME: ran f
import pypto.language as pl


@pl.program
class Race:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(x, [lane * 16, 0], [32, 32], target_memory=pl.Mem.Vec)
        out_1 = pl.store(pl.add(t, pl.cast(lane, pl.FP32)), [lane * 16, 0], out)
        return out_1
