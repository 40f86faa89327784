# A standalone split kernel (split codes, neither split_aiv nor dual_aiv_dispatch) is written
# full width and halved; a lane index read in it would take lane 1's value after halving, where
# the unsplit kernel reads 0 (found by compile-mutations seed 32: a per-lane kernel without
# the marker was halved a second time). Marked dual_aiv_dispatch, it is per lane as written
# and only its split is stamped.
# RUN: not %ptoc opt %s --passes=split-vector-kernel 2>&1 | FileCheck %s
# RUN: sed 's/^        buf = pl.system.reserve_buffer/        pl.func_attr({"dual_aiv_dispatch": True})\n        buf = pl.system.reserve_buffer/' %s > %t.py
# RUN: %ptoc opt %t.py --passes=split-vector-kernel | FileCheck %s --check-prefix=DUAL
# CHECK: error_standalone_reads_lane.py:[[@LINE+14]]:14: error: split-vector-kernel: the standalone split kernel 'k_aiv' is halved (it is written full width), but it reads its lane index here
# CHECK: hint: if the kernel is written per lane, say so with pl.func_attr({"dual_aiv_dispatch": True}); otherwise drop tile.get_subblock_idx() and address the whole tile
# DUAL: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# DUAL: sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# DUAL-NEXT: h: pl.Tile{{\[\[}}8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        buf = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        out = pl.store(h, [sb * 8, 0], out)
        pl.system.tfree_to_aic(h)
        return out
