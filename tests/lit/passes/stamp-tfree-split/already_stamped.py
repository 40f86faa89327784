# A tfree that already carries its tpop's split and id is rewritten to the same call
# (stamping twice is a no-op), and a function without pipe ops is left as it is.
# RUN: %ptoc opt %s --passes=stamp-tfree-split,stamp-tfree-split | FileCheck %s
# CHECK: pl.system.tfree_to_aic(h, split=2)
# CHECK: def plain(
# CHECK-NEXT: t: {{.*}} = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(out, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(t, split=2)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        h: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
        out = pl.store(h, [0, sb * 8], out)
        pl.system.tfree_to_aic(h, split=2)
        return out

    @pl.function(type=pl.FunctionType.AIV)
    def plain(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        y = pl.store(t, [0, 0], y)
        return y
