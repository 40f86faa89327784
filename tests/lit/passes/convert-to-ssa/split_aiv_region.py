# A pl.split_aiv region is transparent like a scope: its lane variable is kept, a
# loop inside it carries the Out tensor, and the value stays visible after it.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.program
class Region:
    @pl.function
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             sums: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for blk in pl.range(aiv_id, 8, 2):
                t = pl.load(x, [blk * 16, 0], [16, 64])
                cs = pl.tile.col_sum(t)
                sums = pl.store(cs, [blk, 0], sums)
        return sums
# CHECK: for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NEXT: for blk, (sums_1,) in pl.range(aiv_id, 8, 2, init_values=(sums,)):
# CHECK: sums_2: {{.*}} = pl.tile.store(cs, [blk, 0], sums_1)
# CHECK-NEXT: sums_3 = pl.yield_(sums_2)
# CHECK-NEXT: return sums_3
