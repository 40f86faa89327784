# Bidirectional pipes (dir_mask 3): C2V and V2C in one kernel pair.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @attn_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %attn_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "attn_c2v_slot_buffer", peer_func = @attn_aiv} -> i32
# A5: %attn_v2c_slot_buffer = pto.reserve_buffer {name = "attn_v2c_slot_buffer", size = 32768, location = <mat>, auto = true} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 16384} (c2v_consumer_buf = %attn_c2v_slot_buffer_import : i32, v2c_consumer_buf = %attn_v2c_slot_buffer : i32)
# A5: pto.tload ins(%q_l_pv : !pto.partition_tensor_view<64x32xf16>) outs(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%q_l_1 : !pto.
# A5: pto.tload ins(%k_r_pv : !pto.partition_tensor_view<32x64xf16>) outs(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slay
# A5: pto.tmov ins(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%k_r_1 : !pto.
# A5: pto.tload ins(%v_r_pv : !pto.partition_tensor_view<64x32xf16>) outs(%v_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%v_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%v_r_1 : !pto.
# A5: pto.tmatmul ins(%q_l_1, %k_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5: %p_l_mat = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad
# A5: pto.tmov ins(%p_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%p_l : !pt
# A5: pto.tfree_from_aiv {split = 1}
# A5: pto.tmatmul ins(%p_l, %v_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.ti
# A5: pto.tpush_to_aiv(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @attn_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %attn_c2v_slot_buffer = pto.reserve_buffer {name = "attn_c2v_slot_buffer", size = 32768, location = <vec>, auto = true} -> i32
# A5: %attn_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "attn_v2c_slot_buffer", peer_func = @attn_aic} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 16384} (c2v_consumer_buf = %attn_c2v_slot_buffer : i32, v2c_consumer_buf = %attn_v2c_slot_buffer_import : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %sv = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: pto.trowmax ins(%sv, %e_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_
# A5: pto.trowexpandsub ins(%sv, %e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.til
# A5: pto.texp ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e_2 : !pto.til
# A5: pto.tfree_from_aic {split = 1}
# A5: pto.trowsum ins(%e_2, %p_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile
# A5: pto.trowexpanddiv ins(%e_2, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A5: pto.tcvt ins(%p_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p16 : !pto.til
# A5: pto.tmov ins(%p16 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p16_nz : !pto.
# A5: pto.tpush_to_aic(%p16_nz : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {split = 1}
# A5: %ov = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: pto.tstore ins(%ov : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out1_pv : !pt
# A5: pto.tfree_from_aic {split = 1}
# A5-LABEL: func.func @attn(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @attn_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kern
# A2A3: %attn_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "attn_c2v_slot_buffer", peer_func = @attn_aiv} -> i32
# A2A3: %attn_v2c_slot_buffer = pto.reserve_buffer {name = "attn_v2c_slot_buffer", size = 32768, location = <mat>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 16384} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %attn_c2v_slot_buffer_import : i32, v2c_consumer
# A2A3: pto.tload ins(%q_l_pv : !pto.partition_tensor_view<64x32xf16>) outs(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%q_l_1 : !pto.
# A2A3: pto.tload ins(%k_r_pv : !pto.partition_tensor_view<32x64xf16>) outs(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slay
# A2A3: pto.tmov ins(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%k_r_1 : !pto.
# A2A3: pto.tload ins(%v_r_pv : !pto.partition_tensor_view<64x32xf16>) outs(%v_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%v_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%v_r_1 : !pto.
# A2A3: pto.tmatmul ins(%q_l_1, %k_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3: %p_l_mat = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad
# A2A3: pto.tmov ins(%p_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%p_l : !pt
# A2A3: pto.tfree_from_aiv {split = 1}
# A2A3: pto.tmatmul ins(%p_l, %v_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tpush_to_aiv(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @attn_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kern
# A2A3: %attn_c2v_slot_buffer = pto.reserve_buffer {name = "attn_c2v_slot_buffer", size = 32768, location = <vec>, auto = true} -> i32
# A2A3: %attn_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "attn_v2c_slot_buffer", peer_func = @attn_aic} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 16384} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %attn_c2v_slot_buffer : i32, v2c_consumer_buf = 
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %sv = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: pto.trowmax ins(%sv, %e_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_
# A2A3: pto.trowexpandsub ins(%sv, %e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.til
# A2A3: pto.texp ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e_2 : !pto.til
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: pto.trowsum ins(%e_2, %p_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile
# A2A3: pto.trowexpanddiv ins(%e_2, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tcvt ins(%p_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p16 : !pto.til
# A2A3: pto.tpush_to_aic(%p16 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
# A2A3: %ov = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: pto.tstore ins(%ov : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out1_pv : !pt
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3-LABEL: func.func @attn(%ffts: memref<256xi64>, %q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.ent
# A2A3: pto.set_ffts %ffts : memref<256xi64>
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
