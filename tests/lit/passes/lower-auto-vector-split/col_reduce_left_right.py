# LEFT_RIGHT halves the columns, so column reductions (which collapse rows) stay
# legal and each lane reduces its own 32 columns.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: sv: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: cs: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(sv)
# CHECK-NEXT: cm: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(sv)
# CHECK-NEXT: o1: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tile.store(cs, [0, 0 + subblock_idx * 32], osum)
# CHECK-NEXT: o2: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tile.store(cm, [0, 0 + subblock_idx * 32], omax)
import pypto.language as pl


@pl.program
class ColStats:
    @pl.function(type=pl.FunctionType.InCore)
    def stats(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
              osum: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
              omax: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        cs = pl.col_sum(sv)
        cm = pl.col_max(sv)
        o1 = pl.store(cs, [0, 0], osum)
        o2 = pl.store(cm, [0, 0], omax)
        return o1, o2
