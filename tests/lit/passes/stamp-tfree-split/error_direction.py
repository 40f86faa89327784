# tfree_to_aiv on the AIV releases a tile popped from the AIC: the free goes the wrong way.
# RUN: not %ptoc opt %s --passes=stamp-tfree-split 2>&1 | FileCheck %s
# CHECK: error_direction.py:24:9: error: stamp-tfree-split: system.tfree_to_aiv releases 'h', but that tile was popped from the AIC; the free must go back to the core that pushed it
# CHECK: note: popped here
# CHECK: hint: use pl.system.tfree_to_aic
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
        pl.system.tfree_to_aiv(h)
        return out
