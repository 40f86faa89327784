# Both lanes of a task-parallel (NONE) region atomically add their partial tiles into the same
# rows of `o` (a split-K reduction over the lanes). Two atomic adds into one element are not a
# race: the simulator's cross-lane check lets them through (before, it reported lane 1's add
# as a write conflict with lane 0's), and the lowered kernel adds both parts.
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# RUN: %ptoc opt %s --passes=compile | FileCheck %s
# CHECK: pl.tile.store(t, [0, 0], o, atomic=1)
import pypto.language as pl


@pl.program
class NoneAtomic:
    @pl.function
    def f(self, x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                t = pl.load(x, [aiv_id * 8, 0], [8, 16], target_memory=pl.Mem.Vec)
                o = pl.store(t, [0, 0], o, atomic=True)
        return o
