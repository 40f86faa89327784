# A tfree whose tile is no tpop result of the function: its slot is unknown.
# RUN: not %ptoc opt %s --passes=stamp-tfree-split 2>&1 | FileCheck %s
# CHECK: error_untraceable.py:25:9: error: stamp-tfree-split: system.tfree_to_aic in 'k_aiv' releases 'g', which is not the result of a tpop in this function, so its slot is unknown
# CHECK: hint: pass the variable a pl.tile.tpop_from_aic call assigned
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(out, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(t, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        out = pl.store(h, [0, 0], out)
        pl.system.tfree_to_aic(h)
        g = pl.tile.full([16, 16], 0.0, dtype=pl.FP32)
        pl.system.tfree_to_aic(g)
        return out
