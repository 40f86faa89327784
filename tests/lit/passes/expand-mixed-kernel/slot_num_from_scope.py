# pl.cross_core_slot(slot_num=4) on the scope sizes the pipe: slot_num=4 on both sides and a
# reserved buffer of 4 slots (4 x 16384 bytes). The explicit pl.split_aiv region's aiv_shard
# becomes the split-coded pair like an AUTO one.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def qk_aic(
# CHECK: pl.system.aic_initialize_pipe(qk_c2v_slot_buffer_import, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=4)
# CHECK: pl.tile.tpush_to_aiv(qk, split=1)
# CHECK: def qk_aiv(
# CHECK: qk_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(name="qk_c2v_slot_buffer", size=131072)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(qk_c2v_slot_buffer, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=4)
# CHECK: qk_h: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK: def main(
# CHECK: self.qk(q, kt, out)
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
