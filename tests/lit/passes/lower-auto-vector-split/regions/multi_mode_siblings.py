# Sibling regions of different modes in one function (the multi-mode case a single
# function-level mode cannot express): each region gets its own subblock index
# (subblock_idx, subblock_idx_1) and region-local halving state — the first halves
# rows, the second columns; no function-level split is stamped.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split_aiv": True, "split_aiv_region_validated": True})
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: r0: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: t: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0 + subblock_idx * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK: subblock_idx_1: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: r1: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: u: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0 + subblock_idx_1 * 32], [64, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: c: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(u)
import pypto.language as pl


@pl.program
class Siblings:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], rows: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
          cols: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 1], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
        pl.func_attr({"split_aiv": True})
        for r0 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            rows_1 = pl.store(pl.row_sum(t), [0, 0], rows)
        for r1 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            u = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            c = pl.col_max(u)
            cols_1 = pl.store(c, [0, 0], cols)
        return rows_1, cols_1
