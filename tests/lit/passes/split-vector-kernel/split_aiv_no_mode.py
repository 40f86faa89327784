# A split_aiv AIV function without a function-level mode (its regions had their own modes, or
# NONE): only dual_aiv_dispatch is stamped. It ran on both lanes before too (a split_aiv AIV
# function is a split kernel), so the numbers are the same. An AIV function that is not split_aiv and has no
# dual dispatch is left alone.
# RUN: %ptoc opt %s --passes=split-vector-kernel --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=split-vector-kernel --entry=k_aiv
# CHECK: def k_aiv(
# CHECK-NEXT: pl.func_attr({"dual_aiv_dispatch": True, "split_aiv": True, "split_aiv_region_validated": True})
# CHECK: def plain(
# CHECK-NEXT: t: {{.*}} = pl.tile.load(
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split_aiv": True, "split_aiv_region_validated": True})
        aiv_id = pl.tile.get_subblock_idx()
        t = pl.load(x, [aiv_id * 8, 0], [8, 16], target_memory=pl.Mem.Vec)
        out = pl.store(pl.exp(t), [aiv_id * 8, 0], out)
        return out

    @pl.function(type=pl.FunctionType.AIV)
    def plain(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        y = pl.store(t, [0, 0], y)
        return y
