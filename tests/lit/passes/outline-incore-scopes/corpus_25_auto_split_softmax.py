# AUTO split scope: pl.split(UP_DOWN) becomes the function attr "split", in SSA form (tests/corpus/25_auto_split_softmax.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
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
            sv_1 = pl.mul(sv, 0.125)
            m = pl.row_max(sv_1)
            e = pl.exp(pl.row_expand_sub(sv_1, m))
            l = pl.row_sum(e)
            probs = pl.row_expand_div(e, l)
            p_1 = pl.store(probs, [0, 0], p)
        return p_1

# CHECK:      @pl.program
# CHECK-NEXT: class AutoSplitScores:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, q: pl.Tensor{{\[\[}}128, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], p: pl.Out[pl.Tensor{{\[\[}}128, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 128], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN})
# CHECK-NEXT:         q_mat: {{.*}} = pl.tile.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         k_mat: {{.*}} = pl.tile.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(q_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(k_mat, target_memory=pl.Mem.Right)
# CHECK-NEXT:         s: {{.*}} = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT:         sv: {{.*}} = pl.tile.move(s, target_memory=pl.Mem.Vec)
# CHECK-NEXT:         sv_1: {{.*}} = pl.tile.muls(sv, 0.125)
# CHECK-NEXT:         m: {{.*}} = pl.tile.row_max(sv_1)
# CHECK-NEXT:         e: {{.*}} = pl.tile.exp(pl.tile.row_expand_sub(sv_1, m))
# CHECK-NEXT:         l: {{.*}} = pl.tile.row_sum(e)
# CHECK-NEXT:         probs: {{.*}} = pl.tile.row_expand_div(e, l)
# CHECK-NEXT:         p_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = pl.tile.store(probs, [0, 0], p)
# CHECK-NEXT:         return p
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}128, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], p: pl.Out[pl.Tensor{{\[\[}}128, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 128], pl.FP32]:
# CHECK-NEXT:         p_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = self.main_incore_0(q, kt, p)
# CHECK-NEXT:         return p_1
