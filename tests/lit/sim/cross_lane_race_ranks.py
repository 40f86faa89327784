# The cross-lane write check compares the GM elements the two AIV lanes write as flat tensor
# indices, so stores of every form are covered: here each lane stores its own 8 rows of x at
# the same place of a rank-3 tensor, as a rank-2 tile (padded with a leading unit axis) and
# through a partition (`shapes`). Before, stores whose tile rank differed from the tensor's
# were not checked at all, and lane 1 silently overwrote lane 0's values.
# RUN: not %ptoc run %s 2>&1 | FileCheck %s
# CHECK: cross_lane_race_ranks.py:31:14: error: cross-lane write conflict in f: AIV lane 1 writes o[1, 0, 0] = {{.*}}, but lane 0 wrote {{.*}} there in this kernel; the lanes run concurrently, so the element's final value is undefined
# RUN: sed -e 's/o1 = pl.store(t, \[1, 0, 0\], o)/o1 = pl.store(t, [0, 0, 0], o, shapes=[1, 4, 32])/' %s > %t.part.py
# RUN: not %ptoc run %t.part.py 2>&1 | FileCheck %s --check-prefix=PART
# PART: error: cross-lane write conflict in f: AIV lane 1 writes o[0, 0, 0] = {{.*}}, but lane 0 wrote {{.*}} there
# Two atomic adds into one element are no conflict (atomic adds do not lose each other), in
# either form; an add and an overwrite of one element by the two lanes are a conflict:
# RUN: not %ptoc run %S/Inputs/cross_lane_add_overwrite.py 2>&1 | FileCheck %s --check-prefix=MIX
# MIX: error: cross-lane write conflict in f: AIV lane 1 writes o[0, 0] = {{.*}}, but lane 0 added into that element (atomic) in this kernel; the lanes run concurrently, so the overwrite may come before or after the add
# RUN: sed -e 's/, o)$/, o, atomic=True)/' %s > %t.add.py
# RUN: %ptoc run %t.add.py | FileCheck %s --check-prefix=ADD
# RUN: sed -e 's/o1 = pl.store(t, \[1, 0, 0\], o)/o1 = pl.store(t, [0, 0, 0], o, shapes=[1, 4, 32], atomic=True)/' %s > %t.addpart.py
# RUN: %ptoc run %t.addpart.py | FileCheck %s --check-prefix=ADD
# ADD: ran f
import pypto.language as pl


@pl.program
class RaceRanks:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.Out[pl.Tensor[[2, 8, 16], pl.FP32]]) -> pl.Tensor[[2, 8, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(x, [lane * 8, 0], [8, 16], target_memory=pl.Mem.Vec)
        o1 = pl.store(t, [1, 0, 0], o)
        return o1
