# An explicit-boundary region whose body also holds a full-width vector op: the
# load reads the whole [64, 64] window at an offset that does not use aiv_id, so
# both lanes would compute the same full tile. Rejected, naming the op.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}explicit_region_full_width_op.py:19:13: error: lower-auto-vector-split: this pl.split_aiv region (UP_DOWN) mixes explicit tile.aiv_shard / tile.aic_gather boundaries with full-width 
# CHECK: hint: derive the value from a pl.aiv_shard result, load / slice it at an offset that uses the re
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
            full = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            z = pl.full([64, 64], 0.0, dtype=pl.FP32)
            w = pl.add(full, z)
            y1 = pl.store(h, [aiv_id * 32, 0], y)
        return y1
