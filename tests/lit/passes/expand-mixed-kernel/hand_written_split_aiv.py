# A hand-written explicit split_aiv kernel (aiv_shard in the body, each lane storing its rows
# at subblock_idx * 32) takes the same path as an AUTO-lowered one; its Orchestration caller
# now calls the Group.
# RUN: %ptoc opt %s --passes=expand-mixed-kernel,split-vector-kernel,stamp-tfree-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=expand-mixed-kernel,split-vector-kernel,stamp-tfree-split
# CHECK: def qk_aic(
# CHECK: pl.tile.tpush_to_aiv(s, split=1)
# CHECK: def qk_aiv(
# CHECK: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK: out_1: {{.*}} = pl.tile.store(e, [subblock_idx * 32, 0], out)
# CHECK: type=pl.FunctionType.Group
# CHECK-NEXT: def qk(
# CHECK: def main(
# CHECK-NEXT: out_1: {{.*}} = self.qk(q, kt, out)
import pypto.language as pl


@pl.program
class SplitAivInCore:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
           out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        subblock_idx = pl.tile.get_subblock_idx()
        q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
        e = pl.exp(pl.mul(h, 0.125))
        out_1 = pl.store(e, [subblock_idx * 32, 0], out)
        return out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        out_1 = self.qk(q, kt, out)
        return out_1
