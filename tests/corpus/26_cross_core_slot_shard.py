# Explicit-boundary split_aiv region inside pl.at(..., optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="qk"): pl.aiv_shard of the Acc result, per-lane scale and store.
import pypto.language as pl


@pl.program
class QkShard:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="qk"):
            q_mat = pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            k_mat = pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
            q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
            k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(qk)
                sc = pl.mul(qk_h, 0.125)
                out = pl.store(sc, [aiv_id * 32, 0], out)
        return out
