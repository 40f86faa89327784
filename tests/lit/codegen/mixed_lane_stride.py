# Split with an explicit lane_stride.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 65536} (c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<100x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=col_major, s
# A5: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pt
# A5: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x128xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, s
# A5: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pt
# A5: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pt
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=100, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 131072, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 65536} (c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h_1 = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=50, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: %h = pto.alloc_tile valid_row = %v_4 valid_col = %c128 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A5: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=50, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.til
# A5: %e = pto.alloc_tile valid_row = %v_9 valid_col = %c128 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A5: pto.texp ins(%h : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !pto.tile_buf
# A5: pto.tfree_from_aic {split = 1}
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%v_11, %c0], sizes = [%v_16, %c128] : !pto.tensor_view<128x128xf32> -> !pto.partition_tensor_view<?x128xf32>
# A5: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.pa
# A5-LABEL: func.func @f(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 65536} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_bu
# A2A3: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<100x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=col_major, s
# A2A3: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pt
# A2A3: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x128xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, s
# A2A3: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pt
# A2A3: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=128, cols=32, v_row=100, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pt
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=100, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 131072, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 65536} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h_1 = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=50, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: %h = pto.alloc_tile valid_row = %v_4 valid_col = %c128 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A2A3: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=50, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.til
# A2A3: %e = pto.alloc_tile valid_row = %v_9 valid_col = %c128 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A2A3: pto.texp ins(%h : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !pto.tile_buf
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%v_11, %c0], sizes = [%v_16, %c128] : !pto.tensor_view<128x128xf32> -> !pto.partition_tensor_view<?x128xf32>
# A2A3: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.pa
# A2A3-LABEL: func.func @f(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1
