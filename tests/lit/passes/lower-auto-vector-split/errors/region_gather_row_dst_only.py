# A tile.gather_row in an explicit-boundary region whose lane index sits only in dst_offset:
# both lanes read the SAME GM row (src_offset is lane-invariant), full-width work replicated.
# Rejected like any full-width vector op, naming it (the reference pins the same).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: region_gather_row_dst_only.py:[[@LINE+15]]:13: error: lower-auto-vector-split: this pl.split_aiv region (UP_DOWN) mixes explicit tile.aiv_shard / tile.aic_gather boundaries with full-width vector op(s): tile.gather_row
# CHECK: hint: derive the value from a pl.aiv_shard result
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(m)
            acc = pl.full([64, 64], 0.0, dtype=pl.FP32)
            g = pl.tile.gather_row(acc, x, [aiv_id * 32, 0], [0, 0], [1, 64])
            y1 = pl.store(h, [aiv_id * 32, 0], y)
        return y1
