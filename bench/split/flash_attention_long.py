# examples/flash_attention.py with 1024 keys (16 key blocks of 64) instead of 256, for the
# split-speedup bench (bench/split_speedup.sh): the loop's steady state, where the lanes'
# softmax dominates once pipeline-cross-core-loops overlaps the cube with it, outweighs the
# first block's cube work and the last block's round trip.
import pypto.language as pl


@pl.program
class FlashAttentionLong:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 1024], pl.FP16],
             v: pl.Tensor[[1024, 64], pl.FP16], scale: pl.Scalar[pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
                   name_hint="attn"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            m = pl.full([64, 1], -1.0e30, dtype=pl.FP32)
            l = pl.full([64, 1], 0.0, dtype=pl.FP32)
            o = pl.full([64, 64], 0.0, dtype=pl.FP32)
            for j in pl.range(16):
                # cube: scores of this key block
                k_r = pl.move(pl.load(kt, [0, j * 64], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
                s = pl.matmul(q_l, k_r)
                # vector: online softmax update
                sv = pl.mul(pl.move(s, target_memory=pl.Mem.Vec), scale)
                m_new = pl.maximum(m, pl.row_max(sv))
                p = pl.exp(pl.row_expand_sub(sv, m_new))
                alpha = pl.exp(pl.sub(m, m_new))
                l = pl.add(pl.mul(l, alpha), pl.row_sum(p))
                # cube: P V of this block (P goes back to the cube as the left operand)
                p_l = pl.move(pl.cast(p, pl.FP16), target_memory=pl.Mem.Left)
                v_r = pl.move(pl.load(v, [j * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
                pv = pl.matmul(p_l, v_r)
                # vector: rescale the running output and add this block
                o = pl.add(pl.row_expand_mul(o, alpha), pl.move(pv, target_memory=pl.Mem.Vec))
                m = m_new
            out = pl.store(pl.row_expand_div(o, l), [0, 0], out)
        return out
