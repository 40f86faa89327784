# A partition store of an UP_DOWN half in an explicit full-width pl.split_aiv region, through
# the partition [3, 64]: the lanes' halves (rows 0-5 and 6-11 of the 12 x 16 tile, elements
# 0-95 and 96-191) split the outermost extent 3 in the middle of a partition row, so neither is
# a box of it: rejected. An odd split axis (13 rows) is rejected too: the lanes' parts differ
# and a partition has no per-lane valid form.
# RUN: not %ptoc compile %s --emit=ir 2>&1 | FileCheck %s
# RUN: sed -e 's/12, 16/13, 16/g; s/\[3, 64\]/[1, 208]/; s/o: pl.InOut\[pl.Tensor\[\[3, 64\]/o: pl.InOut[pl.Tensor[[1, 208]/; s/-> pl.Tensor\[\[3, 64\]/-> pl.Tensor[[1, 208]/; s/\[0, 0\], o/[0, 0], o/' %s > %t.py
# RUN: not %ptoc compile %t.py --emit=ir 2>&1 | FileCheck %s --check-prefix=ODD
# CHECK: {{.*}}partition_store_odd_outer.py:22:21: error: lower-auto-vector-split: tile.store of the halved tile 'pl.tile.exp(t)' through the partition [3, 64]: each AIV lane stores its half of the tile, which is no box of that partition: its outermost non-unit extent 3 cannot be split into the two lanes' halves
# ODD: error: lower-auto-vector-split: tile.store of the halved tile {{.*}} through the partition [1, 208]: {{.*}} the split axis is odd (13) (the lanes' parts differ), and a partition has no per-lane valid form
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[12, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[3, 64], pl.FP32]]) -> pl.Tensor[[3, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [0, 0], [12, 16], target_memory=pl.Mem.Vec)
                o = pl.store(pl.exp(t), [0, 0], o, shapes=[3, 64])
        return o
