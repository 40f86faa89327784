# Hand-written split kernel, both pipe directions (dir_mask=3): AIV lanes push halves with tpush_to_aic, AIC pops the whole tile from Mat (tpop_from_aiv), tfree_to_aiv, pushes the result back split=1.
import pypto.language as pl


@pl.program
class HandBidirectional:
    @pl.function(type=pl.FunctionType.AIC)
    def proj_aic(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
                 out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        v2c_buf = pl.system.reserve_buffer(name="proj_v2c_slot_buffer", size=32768, base=-1)
        c2v_import = pl.system.import_peer_buffer(name="proj_c2v_slot_buffer", peer_func="proj_aiv")
        pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=16384, slot_num=2)
        xs: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        x_l = pl.move(xs, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(xs)
        w_r = pl.move(pl.load(w, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        pl.tile.tpush_to_aiv(o, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def proj_aiv(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
                 out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "split_aiv_region_validated": True,
                      "dual_aiv_dispatch": True})
        c2v_buf = pl.system.reserve_buffer(name="proj_c2v_slot_buffer", size=32768, base=-1)
        v2c_import = pl.system.import_peer_buffer(name="proj_v2c_slot_buffer", peer_func="proj_aic")
        pl.system.aiv_initialize_pipe(c2v_buf, v2c_import, dir_mask=3, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        xh = pl.load(x, [sb * 32, 0], [32, 128])
        xh16 = pl.tile.cast(pl.tile.muls(xh, 0.5), dtype=pl.FP16)
        pl.tile.tpush_to_aic(xh16, split=1)
        o: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major,
                                                              fractal=1024, pad=pl.PadValue.zero)] = pl.tile.tpop_from_aic(split=1)
        out = pl.store(o, [sb * 32, 0], out)
        pl.system.tfree_to_aic(o)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def proj(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        self.proj_aic(x, w, out)
        self.proj_aiv(x, w, out)
        return out
