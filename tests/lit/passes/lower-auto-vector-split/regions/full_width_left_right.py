# A full-width LEFT_RIGHT region: columns halved; column reductions stay legal.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True, "split_aiv_region_validated": True})
# CHECK: t: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0 + subblock_idx * 64], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: c: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(t)
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(c, [0, 0 + subblock_idx * 64], out)
import pypto.language as pl


@pl.program
class FullWidthLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[32, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[1, 128], pl.FP32]]) -> pl.Tensor[[1, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            t = pl.load(x, [0, 0], [32, 128], target_memory=pl.Mem.Vec)
            c = pl.col_sum(t)
            out_1 = pl.store(c, [0, 0], out)
        return out_1
