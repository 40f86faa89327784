# A Group whose kernels return their output tensors.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<16x16xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slay
# A5: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A5: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<16x16xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slay
# A5: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A5: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
# A5-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 2048, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A5: pto.tmov ins(%h : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%h_row_major : !
# A5: pto.tfree_from_aic {split = 0}
# A5: pto.texp ins(%h_row_major : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1 : !
# A5: pto.tstore ins(%y1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.
# A5-LABEL: func.func @f(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @f_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
# A2A3: %f_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer_import : i32, v2c_consumer_buf
# A2A3: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<16x16xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slay
# A2A3: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A2A3: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<16x16xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slay
# A2A3: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A2A3: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
# A2A3-LABEL: func.func @f_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %f_c2v_slot_buffer = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 2048, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %f_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_
# A2A3: %if_res:1 = scf.if %cmp -> (index) {
# A2A3: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3: pto.tmov ins(%h : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%h_row_major : !
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3: pto.texp ins(%h_row_major : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1 : !
# A2A3: pto.tstore ins(%y1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.
# A2A3: scf.yield %v : index
# A2A3: } else {
# A2A3: %h_1 = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3: pto.tmov ins(%h_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%h_row_major_1
# A2A3: pto.tfree_from_aic {split = 0}
# A2A3: scf.yield %v_1 : index
# A2A3-LABEL: func.func @f(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %k: index, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class TwoResults:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          k: pl.Scalar[pl.INDEX],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Scalar[pl.INDEX]]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(h), [0, 0], y)
        n = k * 2
        return y1, n

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             k: pl.Scalar[pl.INDEX],
             y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y1, n = self.f(a, b, k, y)
        return y1
