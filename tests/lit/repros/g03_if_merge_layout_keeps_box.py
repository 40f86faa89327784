# Found by tests/robustness/gen_mixed.py: an if-merge whose else-branch yields a narrowed
# (set_validshape) half with the shard's default Vec view while the then-branch yields the
# C->V move's NZ view. The layout move that conforms the else value copied only the valid
# region; a later set_validshape widening it again then read padding where the unsplit
# program (no move on that path) reads the original data. The conform move now moves the
# whole box and narrows the region again. Two seeds: one takes each branch.
# RUN: %ptoc check %s --passes=mixed-split --seed 0 | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split --seed 1 | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: else:
# IR-NEXT: sv_layout: {{.*}} = pl.tile.set_validshape(pl.tile.move(pl.tile.set_validshape(sv, 16, 16), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major), pl.min(pl.max(3, subblock_idx * 16) - subblock_idx * 16, 16), 11)
import pypto.language as pl


@pl.program
class IfMergeBox:
    @pl.function
    def main(self, a: pl.Tensor[[32, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], flag: pl.Scalar[pl.BOOL],
             o: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            sv = pl.tile.set_validshape(v, 3, 11)
            if flag:
                sv = pl.neg(sv)
            wide = pl.tile.set_validshape(sv, 32, 16)
            o = pl.store(wide, [0, 0], o)
        return o
