# AUTO split UP_DOWN: lower-auto-vector-split turns the C->V move into tile.aiv_shard; here it
# becomes the split-coded pair: the AIC pushes the FULL [64, 128] Acc tile with split=1, each
# AIV lane pops its [32, 128] half with split=1. The pipe slot holds the full tile (32768
# bytes). split-vector-kernel stamps dual_aiv_dispatch on the AIV function only.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
# CHECK-NEXT: f_c2v_slot_buffer_import: {{.*}} = pl.system.import_peer_buffer(name="f_c2v_slot_buffer", peer_func="f_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(f_c2v_slot_buffer_import, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=2)
# CHECK: s: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s, split=1)
# CHECK: def f_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
# CHECK-NEXT: f_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="f_c2v_slot_buffer", size=65536)
# CHECK: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: e: {{.*}} = pl.tile.exp(h)
# CHECK-NEXT: pl.system.tfree_to_aic(h, split=1)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(e, [0 + subblock_idx * 32, 0], y)
# CHECK: type=pl.FunctionType.Group
# CHECK-NEXT: def f(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
import pypto.language as pl


@pl.program
class ShardUpDown:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        y1 = pl.store(e, [0, 0], y)
        return y1
