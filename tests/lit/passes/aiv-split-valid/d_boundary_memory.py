# AivSplitValid rule (d): tile.aiv_shard of a Vec tile (the boundary must read a cube-side tile).
# outline-incore-scopes produces AivSplitValid, so it is verified on the pass's
# output (TileMemoryInferred is not required there, so (d) is the rule that fires).
# RUN: not %ptoc opt %s --passes=outline-incore-scopes 2>&1 | FileCheck %s
# CHECK: {{.*}}d_boundary_memory.py:16:13: error: property AivSplitValid violated in function 'f_incore_0': (d) tile.aiv_shard must take a cube-side tile (Acc /
# CHECK: hint: shard only cube values
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            v = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            h = pl.aiv_shard(v)
            y1 = pl.store(h, [aiv_id * 32, 0], y)
        return y1
