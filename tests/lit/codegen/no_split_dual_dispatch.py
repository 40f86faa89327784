# No-split mixed kernel dual-dispatched on A2/A3.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @compute_aic(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %compute_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "compute_c2v_slot_buffer", peer_func = @compute_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %compute_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%x_left_pv : !pto.partition_tensor_view<16x128xf16>) outs(%x_left : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_ma
# A5: pto.tmov ins(%x_left : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%x_left_1
# A5: pto.tload ins(%y_right_pv : !pto.partition_tensor_view<128x128xf16>) outs(%y_right : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=c
# A5: pto.tmov ins(%y_right : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%y_rig
# A5: pto.tmatmul ins(%x_left_1, %y_right_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=
# A5: pto.tpush_to_aiv(%z_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 
# A5-LABEL: func.func @compute_aiv(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %compute_c2v_slot_buffer = pto.reserve_buffer {name = "compute_c2v_slot_buffer", size = 16384, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %compute_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %z_vec = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad
# A5: pto.tstore ins(%z_vec : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%out_1_p
# A5: pto.tfree_from_aic {split = 0}
# A5-LABEL: func.func @compute(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @compute_aic(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} 
# A2A3: %compute_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "compute_c2v_slot_buffer", peer_func = @compute_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %compute_c2v_slot_buffer_import : i32, v2c_consum
# A2A3: pto.tload ins(%x_left_pv : !pto.partition_tensor_view<16x128xf16>) outs(%x_left : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_ma
# A2A3: pto.tmov ins(%x_left : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%x_left_1
# A2A3: pto.tload ins(%y_right_pv : !pto.partition_tensor_view<128x128xf16>) outs(%y_right : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=c
# A2A3: pto.tmov ins(%y_right : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%y_rig
# A2A3: pto.tmatmul ins(%x_left_1, %y_right_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=
# A2A3: pto.tpush_to_aiv(%z_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 
# A2A3-LABEL: func.func @compute_aiv(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %compute_c2v_slot_buffer = pto.reserve_buffer {name = "compute_c2v_slot_buffer", size = 16384, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %compute_c2v_slot_buffer : i32, v2c_consumer_buf 
# A2A3: scf.if %cmp {
# A2A3: %z_vec = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad
# A2A3: pto.tstore ins(%z_vec : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%out_1_p
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3: } else {
# A2A3: %z_vec_1 = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, p
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3-LABEL: func.func @compute(%ffts: memref<256xi64>, %x: !pto.ptr<f16>, %y: !pto.ptr<f16>, %out_0: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class NoSplitDual:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[16, 128], pl.FP16], y: pl.Tensor[[128, 128], pl.FP16],
                out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        x_left = pl.move(pl.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        y_right = pl.move(pl.load(y, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        z_tile = pl.matmul(x_left, y_right)
        z_vec = pl.move(z_tile, target_memory=pl.Mem.Vec)
        out_1 = pl.store(z_vec, [0, 0], out_0)
        return out_1
