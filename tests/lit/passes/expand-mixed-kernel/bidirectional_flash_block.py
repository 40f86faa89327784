# Both directions in one split kernel (a flash-attention block): S = Q K^T is sharded to the
# lanes, P gathered back, O = P V sharded again. Both sides reserve the buffer they consume
# and import the other's; one pipe with dir_mask=3 whose slot holds the largest full tile
# (S: 64 x 64 FP32 = 16384 bytes).
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def attn_aic(
# CHECK-NEXT: pl.func_attr(
# CHECK-NEXT: attn_v2c_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="attn_v2c_slot_buffer", size=32768)
# CHECK-NEXT: attn_c2v_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(name="attn_c2v_slot_buffer", peer_func="attn_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(attn_c2v_slot_buffer_import, attn_v2c_slot_buffer, dir_mask=3, slot_size=16384, slot_num=2)
# CHECK: pl.tile.tpush_to_aiv(s, split=1)
# (schedule-cross-core issues the load of V after the push of S, before the pop of P.)
# CHECK-NEXT: v_r: {{.*}} = pl.tile.move(pl.tile.load(v, [0, 0], [64, 32]
# CHECK-NEXT: p_l_mat: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
# CHECK-NEXT: p_l: {{.*}} = pl.tile.move(p_l_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(p_l_mat, split=1)
# CHECK-NEXT: o: {{.*}} = pl.tile.matmul(p_l, v_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(o, split=1)
# CHECK: def attn_aiv(
# CHECK-NEXT: pl.func_attr(
# CHECK-NEXT: attn_v2c_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(name="attn_v2c_slot_buffer", peer_func="attn_aic")
# CHECK-NEXT: attn_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="attn_c2v_slot_buffer", size=32768)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(attn_c2v_slot_buffer, attn_v2c_slot_buffer_import, dir_mask=3, slot_size=16384, slot_num=2)
# CHECK: sv: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK: pl.system.tfree_to_aic(sv, split=1)
# CHECK: pl.tile.tpush_to_aic(p16_nz, split=1)
# CHECK-NEXT: ov: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: out1: {{.*}} = pl.tile.store(ov, [0 + subblock_idx * 32, 0], out)
# CHECK-NEXT: pl.system.tfree_to_aic(ov, split=1)
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
