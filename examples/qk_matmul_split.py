# Attention scores with an AUTO mixed cube/vector split.
#
# The body of the `pl.at(level=CORE_GROUP, optimizations=[pl.split(UP_DOWN)])`
# scope is written as if one core did everything: Q @ K^T on the cube (Mat ->
# Left/Right -> matmul into Acc), then a scaled, numerically stable row softmax
# on the vector side. The compiler outlines the scope into an InCore function,
# and LowerAutoVectorSplit turns the Acc -> Vec move into tile.aiv_shard so that
# each of the two AIV lanes gets 32 of the 64 rows (the cube tile stays
# full). ExpandMixedKernel then produces the AIC / AIV / Group triple with
# tpush/tpop (split=1) between them.
#
# Print the canonical form with:
#     ptoc fmt examples/qk_matmul_split.py
# watch the split happen (architecture §5.1; `mixed-split` = convert-to-ssa,
# outline-incore-scopes, infer-tile-memory-space, resolve-backend-op-layouts,
# lower-auto-vector-split) with:
#     ptoc opt examples/qk_matmul_split.py --passes=mixed-split --print-after-all
# and check the numbers of the split kernel against the source in the simulator:
#     ptoc check examples/qk_matmul_split.py --passes=mixed-split
import pypto.language as pl


@pl.program
class QkMatmulSplit:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 64], pl.FP16],
             scale: pl.Scalar[pl.FP32],
             p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            # cube side: full [64, 64] scores in Acc
            q_mat = pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            k_mat = pl.load(kt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
            k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
            scores = pl.matmul(q_l, k_r)
            # cube -> vector boundary: becomes aiv_shard, each lane sees [32, 64]
            s = pl.move(scores, target_memory=pl.Mem.Vec)
            s = pl.mul(s, scale)
            m = pl.row_max(s)
            e = pl.exp(pl.row_expand_sub(s, m))
            probs = pl.row_expand_div(e, pl.row_sum(e))
            p = pl.store(probs, [0, 0], p)
        return p
