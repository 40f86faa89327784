# The program as outline-incore-scopes leaves it: an Orchestration function calls
# the mixed InCore function. Only the callee is rewritten; the simulator runs the
# split_aiv callee as two AIV lanes and the caller sees the same numbers.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: def main_incore_0(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "slot_num": 4})
# CHECK: pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK: @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT: def main(
# CHECK-NEXT: p1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = self.main_incore_0(q, kt, p)
import pypto.language as pl


@pl.program
class Outlined:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, q: pl.Tensor[[64, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
                      p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "slot_num": 4})
        q_l = pl.move(pl.load(q, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(pl.row_expand_sub(sv, pl.row_max(sv)))
        p1 = pl.store(e, [0, 0], p)
        return p1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[64, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
             p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        p1 = self.main_incore_0(q, kt, p)
        return p1
