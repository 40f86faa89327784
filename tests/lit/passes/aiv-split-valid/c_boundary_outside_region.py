# AivSplitValid rule (c): tile.aiv_shard outside every region of a function that is not yet split_aiv (an Opaque function's pl.at scope).
# outline-incore-scopes produces AivSplitValid, so it is verified on the pass's
# output: the outlined InCore function holds a boundary op outside every region.
# RUN: not %ptoc opt %s --passes=outline-incore-scopes 2>&1 | FileCheck %s
# CHECK: {{.*}}c_boundary_outside_region.py:16:13: error: property AivSplitValid violated in function 'f_incore_0': (c) tile.aiv_shard outside a pl.split_aiv region
# CHECK: hint: move the boundary op inside a `for aiv_id in pl.split_aiv(2, mode=...)` region
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def f(self, a: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m, split=pl.SplitMode.UP_DOWN)
            y1 = pl.store(h, [0, 0], y)
        return y1
