# AdaptManualVtoCPush: on A5 a hand-written tpush_to_aic ships the NZ adapter's copy of its
# tile (the cube's FIFO reads it as fractal), kwargs kept; a push already in the NZ view is
# left alone, so running the pass twice changes nothing. A2/A3 pushes the tile as it is.
# RUN: %ptoc opt %s --passes=expand-mixed-kernel --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=expand-mixed-kernel > %t.py
# RUN: %ptoc opt %t.py --passes=expand-mixed-kernel | diff %t.py -
# RUN: %ptoc opt %s --passes=expand-mixed-kernel --arch=a2a3 | FileCheck %s --check-prefix=A2A3
# RUN: %ptoc check %s --passes=expand-mixed-kernel
# CHECK: def proj_aiv(
# CHECK: xh16_nz: pl.Tile{{\[\[}}32, 128], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(xh16, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# CHECK-NEXT: pl.tile.tpush_to_aic(xh16_nz, split=1, id=0)
# A2A3: pl.tile.tpush_to_aic(xh16, split=1, id=0)
import pypto.language as pl


@pl.program
class PipeGather:
    @pl.function(type=pl.FunctionType.AIC)
    def proj_aic(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
                 out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        v2c_buf = pl.system.reserve_buffer(name="proj_v2c", size=32768, base=-1)
        pl.system.aic_initialize_pipe(pl.const(0, pl.INT32), v2c_buf, dir_mask=2, slot_size=16384, slot_num=2)
        xs: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        x_l = pl.move(xs, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(xs)
        w_r = pl.move(pl.load(w, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        out1 = pl.store(o, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def proj_aiv(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
                 out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        v2c = pl.system.import_peer_buffer(name="proj_v2c", peer_func="proj_aic")
        pl.system.aiv_initialize_pipe(pl.const(0, pl.INT32), v2c, dir_mask=2, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        xh = pl.load(x, [sb * 32, 0], [32, 128])
        xh16 = pl.tile.cast(pl.tile.muls(xh, 0.5), dtype=pl.FP16)
        pl.tile.tpush_to_aic(xh16, split=1, id=0)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def proj(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.proj_aic(x, w, out)
        out1 = self.proj_aiv(x, w, out)
        return out1
