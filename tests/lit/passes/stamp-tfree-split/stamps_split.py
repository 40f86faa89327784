# Hand-written AIC / AIV kernels: each tfree takes the split code of the tpop that produced
# its tile (split=1 on the AIV side, split=1 on the AIC side for the gathered tile) and the
# pipe id when the tpop names one.
# RUN: %ptoc opt %s --passes=stamp-tfree-split --verify-each | FileCheck %s
# CHECK: xs: {{.*}} = pl.tile.tpop_from_aiv(split=1, id=1)
# CHECK: pl.system.tfree_to_aiv(xs, split=1, id=1)
# CHECK: h: {{.*}} = pl.tile.tpop_from_aic(split=1, id=1)
# CHECK: pl.system.tfree_to_aic(h, split=1, id=1)
import pypto.language as pl


@pl.program
class Stamp:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=16384, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=8192, slot_num=2, id=1)
        xs: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1, id=1)
        x_l = pl.move(xs, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(xs)
        w_r = pl.move(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        pl.tile.tpush_to_aiv(o, split=1, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2, id=1)
        sb = pl.tile.get_subblock_idx()
        xh = pl.load(x, [sb * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
        pl.tile.tpush_to_aic(xh, split=1, id=1)
        h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1, id=1)
        out = pl.store(h, [sb * 32, 0], out)
        pl.system.tfree_to_aic(h)
        return out
