# Pair (plain): explicit UP_DOWN split_aiv region sharding a matmul result inside pl.at; no assignment annotations.
import pypto.language as pl


@pl.program
class ShardPair:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)]):
            a_mat = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            b_mat = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            a_l = pl.move(a_mat, target_memory=pl.Mem.Left)
            b_r = pl.move(b_mat, target_memory=pl.Mem.Right)
            c = pl.matmul(a_l, b_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                c_h = pl.aiv_shard(c)
                r = pl.relu(c_h)
                row0 = aiv_id * 32
                out = pl.store(r, [row0, 0], out)
        return out
