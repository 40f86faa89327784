# V2C pipe without split.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @mm_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %mm_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "mm_c2v_slot_buffer", peer_func = @mm_aiv} -> i32
# A5: %mm_v2c_slot_buffer = pto.reserve_buffer {name = "mm_v2c_slot_buffer", size = 16384, location = <mat>, auto = true} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 8192} (c2v_consumer_buf = %mm_c2v_slot_buffer_import : i32, v2c_consumer_buf = %mm_v2c_slot_buffer : i32)
# A5: %xs_l_mat = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pa
# A5: pto.tmov ins(%xs_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%xs_l : !
# A5: pto.tfree_from_aiv {split = 0}
# A5: pto.tload ins(%w_r_pv : !pto.partition_tensor_view<64x64xf16>) outs(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slay
# A5: pto.tmov ins(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%w_r_1 : !pto.
# A5: pto.tmatmul ins(%xs_l, %w_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.t
# A5: pto.tpush_to_aiv(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
# A5-LABEL: func.func @mm_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %mm_c2v_slot_buffer = pto.reserve_buffer {name = "mm_c2v_slot_buffer", size = 16384, location = <vec>, auto = true} -> i32
# A5: %mm_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "mm_v2c_slot_buffer", peer_func = @mm_aic} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 8192} (c2v_consumer_buf = %mm_c2v_slot_buffer : i32, v2c_consumer_buf = %mm_v2c_slot_buffer_import : i32)
# A5: pto.tload ins(%xv_pv : !pto.partition_tensor_view<32x64xf32>) outs(%xv : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayou
# A5: pto.tmuls ins(%xv, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(
# A5: pto.tcvt ins(%xs : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_1 : !pto.til
# A5: pto.tmov ins(%xs_1 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_nz : !pto.
# A5: pto.tpush_to_aic(%xs_nz : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {split = 0}
# A5: %ov = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A5: pto.tstore ins(%ov : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%out1_pv : !p
# A5: pto.tfree_from_aic {split = 0}
# A5-LABEL: func.func @mm(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @mm_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %mm_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "mm_c2v_slot_buffer", peer_func = @mm_aiv} -> i32
# A2A3: %mm_v2c_slot_buffer = pto.reserve_buffer {name = "mm_v2c_slot_buffer", size = 16384, location = <mat>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %mm_c2v_slot_buffer_import : i32, v2c_consumer_bu
# A2A3: %xs_l_mat = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pa
# A2A3: pto.tmov ins(%xs_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%xs_l : !
# A2A3: pto.tfree_from_aiv {split = 0}
# A2A3: pto.tload ins(%w_r_pv : !pto.partition_tensor_view<64x64xf16>) outs(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slay
# A2A3: pto.tmov ins(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%w_r_1 : !pto.
# A2A3: pto.tmatmul ins(%xs_l, %w_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.t
# A2A3: pto.tpush_to_aiv(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
# A2A3-LABEL: func.func @mm_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %mm_c2v_slot_buffer = pto.reserve_buffer {name = "mm_c2v_slot_buffer", size = 16384, location = <vec>, auto = true} -> i32
# A2A3: %mm_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "mm_v2c_slot_buffer", peer_func = @mm_aic} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %mm_c2v_slot_buffer : i32, v2c_consumer_buf = %mm
# A2A3: scf.if %cmp {
# A2A3: pto.tload ins(%xv_pv : !pto.partition_tensor_view<32x64xf32>) outs(%xv : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayou
# A2A3: pto.tmuls ins(%xv, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(
# A2A3: pto.tcvt ins(%xs : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_1 : !pto.til
# A2A3: pto.tmov ins(%xs_1 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_nz : !pto.
# A2A3: pto.tpush_to_aic(%xs_nz : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {split = 0}
# A2A3: %ov = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3: pto.tstore ins(%ov : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%out1_pv : !p
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3: } else {
# A2A3: pto.tload ins(%xv_pv_1 : !pto.partition_tensor_view<32x64xf32>) outs(%xv_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, sl
# A2A3: pto.tmuls ins(%xv_1, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) out
# A2A3: pto.tcvt ins(%xs_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_3 : !pto.t
# A2A3: pto.tmov ins(%xs_3 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xs_nz_1 : !pt
# A2A3: pto.tpush_to_aic(%xs_nz_1 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {split = 0}
# A2A3: %ov_1 = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3-LABEL: func.func @mm(%ffts: memref<256xi64>, %x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class RoundTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP16],
           out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        xv = pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        xs = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        xs_l = pl.move(xs, target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(xs_l, w_r)
        ov = pl.move(o, target_memory=pl.Mem.Vec)
        out1 = pl.store(ov, [0, 0], out)
        return out1
