# The A2/A3 lane-1 replay of a no-split kernel with both directions: lane 1 works on empty tiles
# (its load becomes an empty tile.create, valid_shape [0, 0]; the ops on it stay, typed empty) and
# pushes its tile to the cube like lane 0 (a split=0 V->C transfer takes lane 0's tile from
# both lanes), pops (annotated empty) and frees the result, but never stores. The pipe set-up stays shared,
# before the if. On A5 the same kernel is not dual-dispatched and keeps its body.
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=compile --arch=a5 | FileCheck %s --check-prefix=A5
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: def mm_aiv(
# CHECK-NEXT: pl.func_attr({"dual_aiv_dispatch": True})
# CHECK-NEXT: subblock_idx: {{.*}} = pl.tile.get_subblock_idx()
# CHECK-NEXT: mm_v2c_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(
# CHECK-NEXT: mm_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(
# CHECK-NEXT: pl.system.aiv_initialize_pipe(
# CHECK-NEXT: if subblock_idx == 0:
# CHECK: pl.tile.tpush_to_aic(xs, split=0)
# CHECK: out1: {{.*}} = pl.tile.store(ov, [0, 0], out)
# CHECK: else:
# CHECK-NEXT: xv_1: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: xs_1: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.cast(pl.tile.muls(xv_1, 0.5), dtype=pl.FP16)
# CHECK-NEXT: pl.tile.tpush_to_aic(xs_1, split=0)
# CHECK-NEXT: ov_1: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: out1_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = out
# CHECK-NEXT: pl.system.tfree_to_aic(ov_1, split=0)
# CHECK-NEXT: out1_lane = pl.yield_(out1_1)
# CHECK-NEXT: return out1_lane
# A5: def mm_aiv(
# A5-NOT: if subblock_idx
# A5: def mm(
import pypto.language as pl


@pl.program
class RoundTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP16],
           out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        xv = pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        xs = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        xs_m = pl.move(xs, target_memory=pl.Mem.Mat)
        xs_l = pl.move(xs_m, target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(xs_l, w_r)
        ov = pl.move(o, target_memory=pl.Mem.Vec)
        out1 = pl.store(ov, [0, 0], out)
        return out1
