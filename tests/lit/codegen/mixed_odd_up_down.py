# Odd up/down split (code 3) with a dynamic per-lane valid shape (v_row=?).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 16128} (c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<63x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A5: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x64xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slay
# A5: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A5: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=63, cols=64, v_row=63, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 3}
# A5-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 32256, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 16128} (c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h_1 = pto.tpop_from_aic {split = 3} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: %h = pto.alloc_tile valid_row = %v_4 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A5: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_
# A5: %bias_pv = pto.partition_view %bb_view, offsets = [%v_6, %c0], sizes = [%v_11, %c64] : !pto.tensor_view<63x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5: %bias = pto.alloc_tile valid_row = %v_16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fra
# A5: pto.tload ins(%bias_pv : !pto.partition_tensor_view<?x64xf32>) outs(%bias : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayo
# A5: %r = pto.alloc_tile valid_row = %v_21 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fracta
# A5: pto.tadd ins(%h, %bias : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc
# A5: pto.tfree_from_aic {split = 3}
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%v_23, %c0], sizes = [%v_28, %c64] : !pto.tensor_view<63x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5: pto.tstore ins(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.par
# A5-LABEL: func.func @f(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_ki
# A2A3: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 16128} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_bu
# A2A3: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<63x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A2A3: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x64xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slay
# A2A3: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A2A3: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=63, cols=32, v_row=63, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=63, cols=64, v_row=63, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 3}
# A2A3-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_ki
# A2A3: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 32256, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 16128} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h_1 = pto.tpop_from_aic {split = 3} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: %h = pto.alloc_tile valid_row = %v_4 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A2A3: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_
# A2A3: %bias_pv = pto.partition_view %bb_view, offsets = [%v_6, %c0], sizes = [%v_11, %c64] : !pto.tensor_view<63x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3: %bias = pto.alloc_tile valid_row = %v_16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fra
# A2A3: pto.tload ins(%bias_pv : !pto.partition_tensor_view<?x64xf32>) outs(%bias : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayo
# A2A3: %r = pto.alloc_tile valid_row = %v_21 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fracta
# A2A3: pto.tadd ins(%h, %bias : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc
# A2A3: pto.tfree_from_aic {split = 3}
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%v_23, %c0], sizes = [%v_28, %c64] : !pto.tensor_view<63x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3: pto.tstore ins(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.par
# A2A3-LABEL: func.func @f(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bb: !pto.ptr<f32>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class OddRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[63, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          bb: pl.Tensor[[63, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[63, 64], pl.FP32]]) -> pl.Tensor[[63, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [63, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bias = pl.load(bb, [0, 0], [63, 64], target_memory=pl.Mem.Vec)
        r = pl.add(h, bias)
        y1 = pl.store(r, [0, 0], y)
        return y1
