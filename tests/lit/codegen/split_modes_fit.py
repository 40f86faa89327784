# Mixed kernels in both split modes whose C->V pipe fits PTOAS v0.27's ring: 8 slots of the
# unsplit [32, 64] FP32 tile (8192 bytes) = 65536 bytes of UB per AIV lane (docs/codegen.md
# §Cross-core). Up/down: each lane pops [16, 64]; left/right: each lane pops [32, 32];
# ragged: 20 valid rows split with a lane stride (lane 1 starts at row 10); hand-written
# split_aiv: an explicit aiv_shard and the lane's own store offset.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
import pypto.language as pl


@pl.program
class SplitModesFit:
    @pl.function(type=pl.FunctionType.InCore)
    def ud(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
           y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def lr(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
           y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def ragged(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
               y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], [20, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def hand(self, q: pl.Tensor[[32, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        subblock_idx = pl.tile.get_subblock_idx()
        q_l = pl.move(pl.load(q, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        h: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
        e = pl.exp(pl.mul(h, 0.125))
        out_1 = pl.store(e, [subblock_idx * 16, 0], out)
        return out_1
# A5-LABEL: func.func @ud_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %ud_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "ud_c2v_slot_buffer", peer_func = @ud_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %ud_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @ud_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %ud_c2v_slot_buffer = pto.reserve_buffer {name = "ud_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %ud_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: pto.tfree_from_aic {split = 1}
# A5: %v = arith.muli %subblock_idx, %c16 : index
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%v_1, %c0], sizes = [%c16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<16x64xf32>
# A5: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A5-LABEL: func.func @ud(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A5-LABEL: func.func @lr_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %lr_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "lr_c2v_slot_buffer", peer_func = @lr_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %lr_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 2}
# A5-LABEL: func.func @lr_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %lr_c2v_slot_buffer = pto.reserve_buffer {name = "lr_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %lr_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h = pto.tpop_from_aic {split = 2} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: pto.tfree_from_aic {split = 2}
# A5: %v = arith.muli %subblock_idx, %c32 : index
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%c0, %v_1], sizes = [%c32, %c32] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<32x32xf32>
# A5: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A5-LABEL: func.func @lr(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A5-LABEL: func.func @ragged_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %ragged_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "ragged_c2v_slot_buffer", peer_func = @ragged_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %ragged_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=20, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @ragged_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %ragged_c2v_slot_buffer = pto.reserve_buffer {name = "ragged_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %ragged_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h_1 = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: %v = arith.muli %subblock_idx, %c10 : index
# A5: %v_2 = arith.muli %subblock_idx, %c10 : index
# A5: %v_5 = arith.muli %subblock_idx, %c10 : index
# A5: %v_7 = arith.muli %subblock_idx, %c10 : index
# A5: pto.tfree_from_aic {split = 1}
# A5: %v_10 = arith.muli %subblock_idx, %c10 : index
# A5: %v_12 = arith.muli %subblock_idx, %c10 : index
# A5: %v_14 = arith.muli %subblock_idx, %c10 : index
# A5: %y1_pv = pto.partition_view %y_view, offsets = [%v_11, %c0], sizes = [%v_16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.par
# A5-LABEL: func.func @ragged(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
# A5-LABEL: func.func @hand_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: %hand_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "hand_c2v_slot_buffer", peer_func = @hand_aiv} -> i32
# A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %hand_c2v_slot_buffer_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A5-LABEL: func.func @hand_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %hand_c2v_slot_buffer = pto.reserve_buffer {name = "hand_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (c2v_consumer_buf = %hand_c2v_slot_buffer : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: %subblock_idx_i64 = pto.get_subblock_idx
# A5: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A5: pto.tfree_from_aic {split = 1}
# A5: %v = arith.muli %subblock_idx, %c16 : index
# A5: %out_1_pv = pto.partition_view %out_view, offsets = [%v, %c0], sizes = [%c16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<16x64xf32>
# A5: pto.tstore ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out_1_pv : !
# A5-LABEL: func.func @hand(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3-LABEL: func.func @ud_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %ud_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "ud_c2v_slot_buffer", peer_func = @ud_aiv} -> i32
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %ud_c2v_slot_buffer_import : i32, v2c_consumer_bu
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @ud_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %ud_c2v_slot_buffer = pto.reserve_buffer {name = "ud_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %ud_c2v_slot_buffer : i32, v2c_consumer_buf = %c0
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: %v = arith.muli %subblock_idx, %c16 : index
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%v_1, %c0], sizes = [%c16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<16x64xf32>
# A2A3: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A2A3-LABEL: func.func @ud(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
# A2A3-LABEL: func.func @lr_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %lr_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "lr_c2v_slot_buffer", peer_func = @lr_aiv} -> i32
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %lr_c2v_slot_buffer_import : i32, v2c_consumer_bu
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 2}
# A2A3-LABEL: func.func @lr_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %lr_c2v_slot_buffer = pto.reserve_buffer {name = "lr_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %lr_c2v_slot_buffer : i32, v2c_consumer_buf = %c0
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h = pto.tpop_from_aic {split = 2} -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: pto.tfree_from_aic {split = 2}
# A2A3: %v = arith.muli %subblock_idx, %c32 : index
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%c0, %v_1], sizes = [%c32, %c32] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<32x32xf32>
# A2A3: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A2A3-LABEL: func.func @lr(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
# A2A3-LABEL: func.func @ragged_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %ragged_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "ragged_c2v_slot_buffer", peer_func = @ragged_aiv} -> i32
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %ragged_c2v_slot_buffer_import : i32, v2c_consume
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=20, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @ragged_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %ragged_c2v_slot_buffer = pto.reserve_buffer {name = "ragged_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %ragged_c2v_slot_buffer : i32, v2c_consumer_buf =
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h_1 = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: %v = arith.muli %subblock_idx, %c10 : index
# A2A3: %v_2 = arith.muli %subblock_idx, %c10 : index
# A2A3: %v_5 = arith.muli %subblock_idx, %c10 : index
# A2A3: %v_7 = arith.muli %subblock_idx, %c10 : index
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: %v_10 = arith.muli %subblock_idx, %c10 : index
# A2A3: %v_12 = arith.muli %subblock_idx, %c10 : index
# A2A3: %v_14 = arith.muli %subblock_idx, %c10 : index
# A2A3: %y1_pv = pto.partition_view %y_view, offsets = [%v_11, %c0], sizes = [%v_16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.par
# A2A3-LABEL: func.func @ragged(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
# A2A3-LABEL: func.func @hand_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: %hand_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "hand_c2v_slot_buffer", peer_func = @hand_aiv} -> i32
# A2A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %hand_c2v_slot_buffer_import : i32, v2c_consumer_
# A2A3: pto.tpush_to_aiv(%s : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
# A2A3-LABEL: func.func @hand_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %hand_c2v_slot_buffer = pto.reserve_buffer {name = "hand_c2v_slot_buffer", size = 65536, location = <vec>, auto = true} -> i32
# A2A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192} (gm_slot_buffer = %gm_slots : !pto.ptr<f32>, c2v_consumer_buf = %hand_c2v_slot_buffer : i32, v2c_consumer_buf = %
# A2A3: %subblock_idx_i64 = pto.get_subblock_idx
# A2A3: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# A2A3: pto.tfree_from_aic {split = 1}
# A2A3: %v = arith.muli %subblock_idx, %c16 : index
# A2A3: %out_1_pv = pto.partition_view %out_view, offsets = [%v, %c0], sizes = [%c16, %c64] : !pto.tensor_view<32x64xf32> -> !pto.partition_tensor_view<16x64xf32>
# A2A3: pto.tstore ins(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out_1_pv : !
# A2A3-LABEL: func.func @hand(%ffts: memref<256xi64>, %q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
