# A full-width region inside a while loop: the region is lowered in the loop body;
# the loop condition and carried counter are untouched.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: for (k, o) in pl.while_(init_values=(0, out)):
# CHECK-NEXT: pl.cond(k < 2)
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: t: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [k * 64 + subblock_idx * 32, 0], [32, 32], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class RegionInWhile:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[128, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for (k, o) in pl.while_(init_values=(0, out)):
            pl.cond(k < 2)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [k * 64, 0], [64, 32], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.sqrt(pl.abs(t)), [k * 64, 0], o)
            k_out, o_out = pl.yield_(k + 1, o2)
        return o_out
