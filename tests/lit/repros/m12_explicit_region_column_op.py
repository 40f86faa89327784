# Repro m12: an explicit-boundary UP_DOWN region subtracts its lane's [16, 1] column (an
# addressed load) from a pl.full column. resolve-backend-op-layouts computes the column op
# on [1, 16] row views and inserts tile.reshape(pl.full(...), [1, 16]); a reshape (or move,
# or set_validshape) of a generator is a generator too, accepted for itself only (it was
# reported as full-width vector work, naming an op that is not in the source).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.reshape(pl.tile.full([16, 1], 1.0, dtype=pl.FP32), [1, 16])
import pypto.language as pl


@pl.program
class RegionColumn:
    @pl.function
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], c: pl.Tensor[[32, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                h = pl.aiv_shard(s)
                col = pl.load(c, [aiv_id * 16, 0], [16, 1])
                col2 = pl.sub(pl.full([16, 1], 1.0, dtype=pl.FP32), col)
                o = pl.store(pl.row_expand_mul(h, col2), [aiv_id * 16, 0], o)
        return o
