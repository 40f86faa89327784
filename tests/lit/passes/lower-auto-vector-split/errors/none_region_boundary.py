# tile.aiv_shard inside a task-parallel NONE region: nothing to shard without a
# split axis — the seed rejects it (the AivSplitValid verifier accepts it; the
# pass's always-on guard does not).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}none_region_boundary.py:18:57: error: lower-auto-vector-split: tile.aiv_shard inside a pl.split_aiv region with mode NONE: a task-parallel region has no split axis to shard 
# CHECK: hint: give the region a split mode (pl.SplitMode.UP_DOWN / LEFT_RIGHT), or let both lanes use th
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m, split=pl.SplitMode.NONE)
            y1 = pl.store(h, [0, 0], y)
        return y1
