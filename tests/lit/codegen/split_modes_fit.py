# Mixed kernels in both split modes whose C->V pipe fits PTOAS v0.27's ring: 8 slots of the
# unsplit [32, 64] FP32 tile (8192 bytes) = 65536 bytes of UB per AIV lane (docs/codegen.md
# §Cross-core). Up/down: each lane pops [16, 64]; left/right: each lane pops [32, 32].
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
# A5: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A5-LABEL: func.func @lr(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
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
# A2A3: pto.tstore ins(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.p
# A2A3-LABEL: func.func @lr(%ffts: memref<256xi64>, %a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
# A2A3: pto.set_ffts %ffts : memref<256xi64>
