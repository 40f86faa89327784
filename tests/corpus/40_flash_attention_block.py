# Online-softmax attention over two KV blocks (mixed InCore, no split): matmul, Acc->Vec, running max/sum with maximum/exp/row_sum, P cast to FP16 and moved Vec->Mat->Left for P @ V.
import pypto.language as pl


@pl.program
class FlashBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def attn(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 256], pl.FP16],
             v: pl.Tensor[[256, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        m_i = pl.tile.full([64, 1], pl.const("-inf", pl.FP32), dtype=pl.FP32)
        l_i = pl.tile.full([64, 1], 0.0, dtype=pl.FP32)
        o_i = pl.tile.full([64, 128], 0.0, dtype=pl.FP32)
        for j in pl.range(2):
            k_r = pl.move(pl.load(kt, [0, j * 128], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.move(pl.matmul(q_l, k_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major,
                        slayout=pl.TileLayout.none_box)
            s = pl.mul(s, 0.08838834764831845)
            m_new = pl.maximum(m_i, pl.row_max(s))
            p = pl.exp(pl.row_expand_sub(s, m_new))
            alpha = pl.exp(pl.sub(m_i, m_new))
            l_i = pl.add(pl.mul(l_i, alpha), pl.row_sum(p))
            p_mat = pl.move(pl.tile.cast(p, dtype=pl.FP16), target_memory=pl.Mem.Mat)
            p_l = pl.move(p_mat, target_memory=pl.Mem.Left)
            v_r = pl.move(pl.load(v, [j * 128, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            pv = pl.move(pl.matmul(p_l, v_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major,
                         slayout=pl.TileLayout.none_box)
            o_i = pl.add(pl.row_expand_mul(o_i, alpha), pv)
            m_i = m_new
        o = pl.row_expand_div(o_i, l_i)
        out = pl.store(o, [0, 0], out)
        return out
