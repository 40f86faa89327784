# A LEFT_RIGHT split_aiv region with an explicit boundary inside pl.at(CORE_GROUP): the
# region runs as two lanes, aiv_shard halves the score columns, aic_gather joins both lanes'
# FP16 halves in Mat for the P @ V matmul after the region.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen region_gather %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check region_gather %t/in %t/out
# CHECK: ran main in {{.*}}; inputs: q (file), kt (file), v (file), out (zeros); wrote out.npy, return_0.npy
import pypto.language as pl


@pl.program
class QkPvLeftRight:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             v: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                s_h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(s)
                p_h = pl.exp(pl.mul(s_h, 0.125))
                p16 = pl.tile.cast(p_h, dtype=pl.FP16)
                p_mat: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.aic_gather(p16)
            p_l = pl.move(p_mat, target_memory=pl.Mem.Left)
            v_r = pl.move(pl.load(v, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(p_l, v_r)
            out = pl.store(o, [0, 0], out)
        return out
