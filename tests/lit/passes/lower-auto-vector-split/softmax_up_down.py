# Q @ K^T on the cube, a row softmax on the vector side (UP_DOWN): the Acc -> Vec
# move becomes aiv_shard, every vector op works on 64 of the 128 rows, row
# reductions are legal (they reduce the non-split axis), the cube stays full.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: q_l: pl.Tile{{\[\[}}128, 64], pl.FP16, pl.Mem.Left]
# CHECK: s: pl.Tile{{\[\[}}128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT: sv: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: m: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(sv)
# CHECK-NEXT: e: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(pl.tile.row_expand_sub(sv, m))
# CHECK-NEXT: l: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(e)
# CHECK-NEXT: probs: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(e, l)
# CHECK-NEXT: p1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = pl.tile.store(probs, [0 + subblock_idx * 64, 0], p)
import pypto.language as pl


@pl.program
class Softmax:
    @pl.function(type=pl.FunctionType.InCore)
    def attn(self, q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             p: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        q_mat = pl.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        k_mat = pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
        k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        m = pl.row_max(sv)
        e = pl.exp(pl.row_expand_sub(sv, m))
        l = pl.row_sum(e)
        probs = pl.row_expand_div(e, l)
        p1 = pl.store(probs, [0, 0], p)
        return p1
