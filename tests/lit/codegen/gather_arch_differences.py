# A gather (V2C) that differs between arches (the A5 NZ adapter).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @proj_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %proj_v2c_slot_buffer = pto.reserve_buffer {name = "proj_v2c_slot_buffer", size = 16384, location = <mat>, auto = true} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 2, slot_size = 8192} (c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %proj_v2c_slot_buffer : i32)
# A5: %x_l_mat = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad
# A5: pto.tmov ins(%x_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%x_l : !pt
# A5: pto.tfree_from_aiv {split = 1}
# A5: pto.tload ins(%w_r_pv : !pto.partition_tensor_view<64x32xf16>) outs(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%w_r_1 : !pto.
# A5: pto.tmatmul ins(%x_l, %w_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.ti
# A5: pto.tstore ins(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%out1_pv : !p
# A5-LABEL: func.func @proj_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %proj_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "proj_v2c_slot_buffer", peer_func = @proj_aic} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 2, slot_size = 8192} (c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %proj_v2c_slot_buffer_import : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: pto.tload ins(%xv_pv : !pto.partition_tensor_view<32x64xf32>) outs(%xv : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayou
# A5: pto.tmuls ins(%xv, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(
# A5: pto.tcvt ins(%xh : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xh_1 : !pto.til
# A5: pto.tmov ins(%xh_1 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xh_nz : !pto.
# A5: pto.tpush_to_aic(%xh_nz : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {split = 1}
# A5-LABEL: func.func @proj(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @proj_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %proj_v2c_slot_buffer = pto.reserve_buffer {name = "proj_v2c_slot_buffer", size = 16384, location = <mat>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 2, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %proj_v2c_slot_
# A2A3: %x_l_mat = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad
# A2A3: pto.tmov ins(%x_l_mat : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%x_l : !pt
# A2A3: pto.tfree_from_aiv {split = 1}
# A2A3: pto.tload ins(%w_r_pv : !pto.partition_tensor_view<64x32xf16>) outs(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%w_r : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%w_r_1 : !pto.
# A2A3: pto.tmatmul ins(%x_l, %w_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tstore ins(%o : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%out1_pv : !p
# A2A3-LABEL: func.func @proj_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %proj_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "proj_v2c_slot_buffer", peer_func = @proj_aic} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 2, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %proj_v2c_slot_
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: pto.tload ins(%xv_pv : !pto.partition_tensor_view<32x64xf32>) outs(%xv : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayou
# A2A3: pto.tmuls ins(%xv, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(
# A2A3: pto.tcvt ins(%xh : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%xh_1 : !pto.til
# A2A3: pto.tpush_to_aic(%xh_1 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
# A2A3-LABEL: func.func @proj(%ffts: memref<256xi64>, %x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def proj(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        xv = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        xh = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        x_l = pl.move(xh, target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        out1 = pl.store(o, [0, 0], out)
        return out1
