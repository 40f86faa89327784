# A no-split round trip: the vector side scales x and hands it to the cube as the left
# operand (V->C into Left: the NZ adapter move, tpush_to_aic; the AIC pops into Mat, moves to
# Left and frees the slot after that move), the product comes back (C->V). Both directions:
# dir_mask=3, each side reserves the buffer it consumes and imports the other.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def mm_aic(
# CHECK-NEXT: mm_v2c_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="mm_v2c_slot_buffer", size=16384)
# CHECK-NEXT: mm_c2v_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(name="mm_c2v_slot_buffer", peer_func="mm_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(mm_c2v_slot_buffer_import, mm_v2c_slot_buffer, dir_mask=3, slot_size=8192, slot_num=2)
# CHECK: xs_l_mat: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
# CHECK-NEXT: xs_l: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Left] = pl.tile.move(xs_l_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(xs_l_mat, split=0)
# CHECK: o: {{.*}} = pl.tile.matmul(xs_l, w_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(o, split=0)
# CHECK: def mm_aiv(
# CHECK-NEXT: mm_v2c_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(name="mm_v2c_slot_buffer", peer_func="mm_aic")
# CHECK-NEXT: mm_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="mm_c2v_slot_buffer", size=16384)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(mm_c2v_slot_buffer, mm_v2c_slot_buffer_import, dir_mask=3, slot_size=8192, slot_num=2)
# CHECK: xs_nz: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(xs, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# CHECK-NEXT: pl.tile.tpush_to_aic(xs_nz, split=0)
# CHECK-NEXT: ov: {{.*}} = pl.tile.tpop_from_aic(split=0)
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
