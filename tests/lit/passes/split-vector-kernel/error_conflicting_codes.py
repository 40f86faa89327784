# A standalone kernel whose pipe ops ask for two split modes has no single split axis.
# RUN: not %ptoc opt %s --passes=split-vector-kernel 2>&1 | FileCheck %s
# CHECK: error_conflicting_codes.py:20:9: error: split-vector-kernel: tile.tpush_to_aic here splits LEFT_RIGHT (split=2), but the earlier tile.tpop_from_aic splits UP_DOWN; a standalone split kernel has one split axis
# CHECK: note: the first split pipe op
# CHECK: hint: use split codes of one mode (1 / 3 = UP_DOWN, 2 / 4 = LEFT_RIGHT) in the kernel
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=1024, slot_num=2)
        h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        out = pl.store(h, [0, 0], out)
        pl.system.tfree_to_aic(h)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.tile.tpush_to_aic(t, split=2)
        return out
