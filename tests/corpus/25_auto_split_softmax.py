# AUTO mixed split: an Opaque function whose pl.at(CORE_GROUP) scope asks for pl.split(UP_DOWN); QK^T on the cube, row softmax on the vector side.
import pypto.language as pl


@pl.program
class AutoSplitScores:
    @pl.function
    def main(self, q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             p: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            q_mat = pl.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
            k_mat = pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
            k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
            s = pl.matmul(q_l, k_r)
            sv = pl.move(s, target_memory=pl.Mem.Vec)
            sv = pl.mul(sv, 0.125)
            m = pl.row_max(sv)
            e = pl.exp(pl.row_expand_sub(sv, m))
            l = pl.row_sum(e)
            probs = pl.row_expand_div(e, l)
            p = pl.store(probs, [0, 0], p)
        return p
