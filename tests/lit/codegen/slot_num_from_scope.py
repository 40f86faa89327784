# slot_num from the scope: the reserved size is slot_size x slot_num.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @qk_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %qk_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "qk_c2v_slot_buffer", peer_func = @qk_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 32768} (c2v_consumer_buf = %qk_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tload ins(%q_l_pv : !pto.partition_tensor_view<64x128xf16>) outs(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, s
# A5: pto.tmov ins(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%q_l_1 : !pt
# A5: pto.tload ins(%k_r_pv : !pto.partition_tensor_view<128x128xf16>) outs(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major
# A5: pto.tmov ins(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%k_r_1 : !
# A5: pto.tmatmul ins(%q_l_1, %k_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pt
# A5: pto.tpush_to_aiv(%qk : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @qk_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %qk_c2v_slot_buffer = pto.reserve_buffer {name = "qk_c2v_slot_buffer", size = 131072, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 32768} (c2v_consumer_buf = %qk_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %aiv_id_i64 = pto.get_subblock_idx
# A5: %qk_h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0
# A5: pto.tmuls ins(%qk_h, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) o
# A5: pto.tfree_from_aic {split = 1}
# A5: pto.tstore ins(%sc : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out_pv : !p
# A5-LABEL: func.func @qk(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @qk_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %qk_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "qk_c2v_slot_buffer", peer_func = @qk_aiv} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 32768} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %qk_c2v_slot_buffer_import : i32, v2c_consumer_b
# A2A3: pto.tload ins(%q_l_pv : !pto.partition_tensor_view<64x128xf16>) outs(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, s
# A2A3: pto.tmov ins(%q_l : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%q_l_1 : !pt
# A2A3: pto.tload ins(%k_r_pv : !pto.partition_tensor_view<128x128xf16>) outs(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major
# A2A3: pto.tmov ins(%k_r : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%k_r_1 : !
# A2A3: pto.tmatmul ins(%q_l_1, %k_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pt
# A2A3: pto.tpush_to_aiv(%qk : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @qk_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %qk_c2v_slot_buffer = pto.reserve_buffer {name = "qk_c2v_slot_buffer", size = 131072, location = <vec>, auto = true} -> i32
# A2A3: %block_idx_i64 = pto.get_block_idx
# A2A3: %gm_slots = pto.addptr %gm_slot_buffer, %slot_offset : <f32> -> <f32>
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 32768} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %qk_c2v_slot_buffer : i32, v2c_consumer_buf = %c
# A2A3: %aiv_id_i64 = pto.get_subblock_idx
# A2A3: %qk_h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0
# A2A3: pto.tmuls ins(%qk_h, %cst_f32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) o
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: pto.tstore ins(%sc : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out_pv : !p
# A2A3-LABEL: func.func @qk(%ffts: memref<256xi64>, %q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
import pypto.language as pl


@pl.program
class QkShard:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="qk"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(qk)
                sc = pl.mul(qk_h, 0.125)
                out = pl.store(sc, [aiv_id * 32, 0], out)
        return out
