# Odd left/right split (code 4) with a dynamic per-lane valid shape (v_col=?).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 5760} (c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<32x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A5: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x45xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slay
# A5: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A5: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 4}
# A5-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 11520, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 5760} (c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h_1 = pto.tpop_from_aic {split = 4} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=32, v_col=23, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: %h = pto.alloc_tile valid_row = %c32 valid_col = %v_4 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A5: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=32, v_col=23, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_
# A5: %e = pto.alloc_tile valid_row = %c32 valid_col = %v_9 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A5: pto.tmuls ins(%h, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%e 
# A5: %e_1 = pto.alloc_tile valid_row = %c32 valid_col = %v_14 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, frac
# A5: pto.texp ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e_1 : !pto.tile_bu
# A5: pto.tfree_from_aic {split = 4}
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%c0, %v_16], sizes = [%c32, %v_21] : !pto.tensor_view<32x45xf32> -> !pto.partition_tensor_view<32x?xf32>
# A5: pto.tstore ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A5-LABEL: func.func @f(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 5760} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf
# A2A3: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<32x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A2A3: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x45xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slay
# A2A3: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A2A3: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=45, v_row=32, v_col=45, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 4}
# A2A3-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 11520, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 5760} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h_1 = pto.tpop_from_aic {split = 4} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=32, v_col=23, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: %h = pto.alloc_tile valid_row = %c32 valid_col = %v_4 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A2A3: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=32, v_col=23, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_
# A2A3: %e = pto.alloc_tile valid_row = %c32 valid_col = %v_9 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A2A3: pto.tmuls ins(%h, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%e 
# A2A3: %e_1 = pto.alloc_tile valid_row = %c32 valid_col = %v_14 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, frac
# A2A3: pto.texp ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e_1 : !pto.tile_bu
# A2A3: pto.tfree_from_aic {split = 4}
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%c0, %v_16], sizes = [%c32, %v_21] : !pto.tensor_view<32x45xf32> -> !pto.partition_tensor_view<32x?xf32>
# A2A3: pto.tstore ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=23, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A2A3-LABEL: func.func @f(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class OddCols:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 45], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 45], pl.FP32]]) -> pl.Tensor[[32, 45], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 45], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(pl.muls(h, 0.25))
        y1 = pl.store(e, [0, 0], y)
        return y1
