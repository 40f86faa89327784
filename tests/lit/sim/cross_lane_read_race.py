# Two AIV lanes of a split_aiv function: lane l loads rows [32 l, 32 l + 32) of `g`, then
# stores rows [32 l + 16, 32 l + 48). Lane 0's store changes rows 32..47, which lane 1 loads;
# the lanes run concurrently on the NPU, so lane 1's load may see the old values or the new.
# The simulator runs the lanes one after the other; it remembers which lane read and which
# changed each element, and reports the race whichever lane runs first: at lane 1's load when
# lane 0 ran first (the default order), at lane 0's store when lane 1 ran first (aiv-first).
# RUN: not %ptoc run %s 2>&1 | FileCheck %s --check-prefix=RAW
# RAW: cross_lane_read_race.py:27:13: error: cross-lane read-write race in f: AIV lane 1 reads g[32, 0] = {{.*}}, which lane 0 changed earlier in this kernel; the lanes run concurrently, so the read may see the value from before that write
# RAW: hint: give each lane's loads and stores the same split windows
# RUN: not %ptoc run %s --schedule=aiv-first 2>&1 | FileCheck %s --check-prefix=WAR
# WAR: cross_lane_read_race.py:28:15: error: cross-lane read-write race in f: AIV lane 0 changes g[32, 0] (from {{.*}} to {{.*}}), but lane 1 read that element earlier in this kernel
# Each lane storing back into the rows it loaded is not a race:
# RUN: sed 's/\[lane \* 32 + 16, 0\], g)/[lane * 32, 0], g)/' %s > %t.own.py
# RUN: %ptoc run %t.own.py | FileCheck %s --check-prefix=OWN
# OWN: ran f


import pypto.language as pl


@pl.program
class ReadRace:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, g: pl.InOut[pl.Tensor[[96, 32], pl.FP32]]) -> pl.Tensor[[96, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(g, [lane * 32, 0], [32, 32], target_memory=pl.Mem.Vec)
        g_1 = pl.store(pl.add(t, 1.0), [lane * 32 + 16, 0], g)
        return g_1
