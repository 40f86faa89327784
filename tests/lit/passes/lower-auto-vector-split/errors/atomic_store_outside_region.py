# An atomic store outside the pl.split_aiv regions of a split function: statements outside the
# regions run on both AIV lanes, so each would add the tile (an overwrite there writes the same
# values twice, which is harmless). Rejected at the store.
# RUN: not %ptoc compile %s --emit=ir 2>&1 | FileCheck %s
# CHECK: {{.*}}atomic_store_outside_region.py:20:13: error: lower-auto-vector-split: this atomic tile.store (atomic=1) sits outside the pl.split_aiv regions; statements outside the regions run on both AIV lanes, so each lane would add the tile: twice the sum
# CHECK: hint: move the store into a region
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          s: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
                o = pl.store(pl.exp(t), [0, 0], o)
            u = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
            s = pl.store(u, [0, 0], s, atomic=True)
        return o, s
