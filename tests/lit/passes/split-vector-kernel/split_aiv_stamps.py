# split_aiv AIC / AIV functions keep their bodies: the split mode is re-stamped first, the AIV
# function gets dual_aiv_dispatch=True, the AIC function does not; no second subblock_idx.
# The VectorKernelSplit property holds afterwards (--verify-each).
# RUN: %ptoc opt %s --passes=split-vector-kernel --verify-each | FileCheck %s
# CHECK: def k_aic(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
# CHECK: def k_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
# CHECK-NEXT: c2v: {{.*}} = pl.system.reserve_buffer(
# CHECK-COUNT-1: pl.tile.get_subblock_idx()
# CHECK-NOT: pl.tile.get_subblock_idx()
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.func_attr({"split_aiv": True, "split": pl.SplitMode.UP_DOWN})
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(out, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(t, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split_aiv": True, "split": pl.SplitMode.UP_DOWN})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        out = pl.store(h, [sb * 8, 0], out)
        pl.system.tfree_to_aic(h)
        return out
