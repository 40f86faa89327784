# Repro m12, the rule kept: a generated value (here a [1, 16] view of a pl.full column)
# is accepted for itself only; an op computing on generated values alone is still
# full-width vector work in an explicit-boundary region and is reported.
# RUN: not %ptoc opt %s --passes=mixed-split 2>&1 | FileCheck %s
# CHECK: m12_explicit_region_generated_only.py:20:17: error: lower-auto-vector-split: this pl.split_aiv region (UP_DOWN) mixes explicit tile.aiv_shard / tile.aic_gather boundaries with full-width vector op(s): tile.muls
import pypto.language as pl


@pl.program
class RegionGenerated:
    @pl.function
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                h = pl.aiv_shard(s)
                col2 = pl.mul(pl.full([16, 1], 1.0, dtype=pl.FP32), 2.0)
                o = pl.store(pl.row_expand_mul(h, col2), [aiv_id * 16, 0], o)
        return o
