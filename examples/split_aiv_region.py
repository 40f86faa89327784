# Explicit pl.split_aiv regions: the author, not the compiler, decides how the
# two AIV lanes share the vector work.
#
# qk_pv: QK^T runs on the cube; the UP_DOWN region shards the [64, 128] Acc
# result with pl.aiv_shard (each lane gets [32, 128] rows, aiv_id = 0 or 1),
# computes exp per lane, and pl.aic_gather reassembles the FP16 probabilities
# as one [64, 128] Mat tile for the P @ V matmul outside the region. Cube ops
# never appear inside a region; vector ops never appear outside one.
#
# col_norms: a mode NONE (task-parallel) region: nothing is halved; both lanes
# run the whole body and split the work themselves with an aiv_id-strided loop.
#
# Print the canonical form with:
#     ptoc fmt examples/split_aiv_region.py
import pypto.language as pl


@pl.program
class SplitAivRegion:
    @pl.function
    def qk_pv(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
              v: pl.Tensor[[128, 64], pl.FP16],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="qk_pv"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(q_l, k_r)                                   # Acc [64, 128]
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                s_half: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(s)
                p_half = pl.exp(pl.mul(s_half, 0.125))
                p16 = pl.tile.cast(p_half, dtype=pl.FP16)
                p_mat: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.aic_gather(p16)
            p_l = pl.move(p_mat, target_memory=pl.Mem.Left)
            v_r = pl.move(pl.load(v, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(p_l, v_r)                                   # Acc [64, 64]
            out = pl.store(o, [0, 0], out)
        return out

    @pl.function
    def col_norms(self, x: pl.Tensor[[128, 64], pl.FP32],
                  sums: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for blk in pl.range(aiv_id, 8, 2):                        # lane 0: even blocks, lane 1: odd
                t = pl.load(x, [blk * 16, 0], [16, 64])
                sums = pl.store(pl.col_sum(pl.mul(t, t)), [blk, 0], sums)
        return sums
