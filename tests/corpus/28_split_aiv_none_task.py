# Task-parallel split_aiv region (mode NONE): each AIV lane takes every other 16-row block via an aiv_id-strided loop and keeps col_sum full width.
import pypto.language as pl


@pl.program
class TaskParallelRegion:
    @pl.function
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             sums: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for blk in pl.range(aiv_id, 8, 2):
                t = pl.load(x, [blk * 16, 0], [16, 64])
                cs = pl.tile.col_sum(t)
                sums = pl.store(cs, [blk, 0], sums)
        return sums
