# A data-parallel full-width pl.split_aiv region (the form outline-incore-scopes
# leaves: an InCore function stamped split_aiv): a fresh subblock_idx is injected
# at the region head before the author's aiv_id binding, the body is halved by the
# shared machinery, the wrapper is dropped and split_aiv_region_validated stamped.
# Statements outside the region stay full width.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "split_aiv_region_validated": True})
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: t: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0 + subblock_idx * 64, 0], [64, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: m: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(t)
# CHECK-NEXT: e: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(pl.tile.row_expand_sub(t, m))
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(e, [0 + subblock_idx * 64, 0], out)
# CHECK-NOT: pl.split_aiv(
import pypto.language as pl


@pl.program
class FullWidth:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[128, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
            m = pl.row_max(t)
            e = pl.exp(pl.row_expand_sub(t, m))
            out_1 = pl.store(e, [0, 0], out)
        return out_1
