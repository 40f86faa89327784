# Both directions in one kernel (a flash-attention block): S = Q K^T on the cube,
# softmax per lane on 32 of 64 rows, P gathered back to the cube (V->C), O = P V on
# the cube, then O crosses to the vector side again and is stored per lane.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: sv: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK: p16: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Vec] = pl.tile.cast(
# CHECK-NEXT: p_l_mat: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.aic_gather(p16, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: p_l: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Left] = pl.tile.move(p_l_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: o: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(p_l, v_r)
# CHECK-NEXT: ov: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(o, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: out1: {{.*}} = pl.tile.store(ov, [0 + subblock_idx * 32, 0], out)
import pypto.language as pl


@pl.program
class FlashBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def attn(self, q: pl.Tensor[[64, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
             v: pl.Tensor[[64, 32], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        q_l = pl.move(pl.load(q, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        v_r = pl.move(pl.load(v, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(pl.row_expand_sub(sv, pl.row_max(sv)))
        p = pl.row_expand_div(e, pl.row_sum(e))
        p16 = pl.cast(p, pl.FP16)
        p_l = pl.move(p16, target_memory=pl.Mem.Left)
        o = pl.matmul(p_l, v_r)
        ov = pl.move(o, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        out1 = pl.store(ov, [0, 0], out)
        return out1
