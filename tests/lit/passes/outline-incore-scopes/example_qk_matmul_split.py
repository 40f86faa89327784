# The AUTO-split attention-score example with a scalar parameter, in SSA form (examples/qk_matmul_split.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class QkMatmulSplit:
    @pl.function
    def main(self, q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             scale: pl.Scalar[pl.FP32],
             p: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            # cube side: full [128, 128] scores in Acc
            q_mat = pl.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
            k_mat = pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
            k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
            scores = pl.matmul(q_l, k_r)
            # cube -> vector boundary: becomes aiv_shard, each lane sees [64, 128]
            s = pl.move(scores, target_memory=pl.Mem.Vec)
            s_1 = pl.mul(s, scale)
            m = pl.row_max(s_1)
            e = pl.exp(pl.row_expand_sub(s_1, m))
            probs = pl.row_expand_div(e, pl.row_sum(e))
            p_1 = pl.store(probs, [0, 0], p)
        return p_1

# CHECK:      @pl.program
# CHECK-NEXT: class QkMatmulSplit:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, q: pl.Tensor{{\[\[}}128, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], scale: pl.Scalar[pl.FP32], p: pl.Out[pl.Tensor{{\[\[}}128, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 128], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN})
# CHECK-NEXT:         q_mat: {{.*}} = pl.tile.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         k_mat: {{.*}} = pl.tile.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(q_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(k_mat, target_memory=pl.Mem.Right)
# CHECK-NEXT:         scores: {{.*}} = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT:         s: {{.*}} = pl.tile.move(scores, target_memory=pl.Mem.Vec)
# CHECK-NEXT:         s_1: {{.*}} = pl.tile.muls(s, scale)
# CHECK-NEXT:         m: {{.*}} = pl.tile.row_max(s_1)
# CHECK-NEXT:         e: {{.*}} = pl.tile.exp(pl.tile.row_expand_sub(s_1, m))
# CHECK-NEXT:         probs: {{.*}} = pl.tile.row_expand_div(e, pl.tile.row_sum(e))
# CHECK-NEXT:         p_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = pl.tile.store(probs, [0, 0], p)
# CHECK-NEXT:         return p
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}128, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], scale: pl.Scalar[pl.FP32], p: pl.Out[pl.Tensor{{\[\[}}128, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 128], pl.FP32]:
# CHECK-NEXT:         p_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = self.main_incore_0(q, kt, scale, p)
# CHECK-NEXT:         return p_1
