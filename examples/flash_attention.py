# Flash attention (one 64-row query block against 256 keys in four 64-key blocks) with an AUTO
# mixed cube/vector split, written as if one core did everything:
#   - S = Q K_j^T on the cube (Mat -> Left / Right -> matmul into Acc);
#   - the online softmax on the vector side, carried across the K loop: the running row max
#     `m`, the running row sum `l` and the unnormalized output `o` are rescaled by
#     alpha = exp(m_old - m_new) at every block;
#   - O_j = P_j V_j on the cube (P crosses back vector -> cube as the left operand);
#   - pl.split(UP_DOWN): each AIV lane owns 32 of the 64 query rows, the cube works on all.
#
# The whole pipeline (outline, memory inference, the split into the explicit split_aiv form,
# then AIC + AIV + Group with tpush / tpop / tfree and the pipe set-up):
#     ptoc compile examples/flash_attention.py
# and the simulator checks that the compiled kernel computes the same numbers, bit for bit:
#     ptoc check examples/flash_attention.py --passes=compile
import pypto.language as pl


@pl.program
class FlashAttention:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 256], pl.FP16],
             v: pl.Tensor[[256, 64], pl.FP16], scale: pl.Scalar[pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
                   name_hint="attn"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            m = pl.full([64, 1], -1.0e30, dtype=pl.FP32)
            l = pl.full([64, 1], 0.0, dtype=pl.FP32)
            o = pl.full([64, 64], 0.0, dtype=pl.FP32)
            for j in pl.range(4):
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
