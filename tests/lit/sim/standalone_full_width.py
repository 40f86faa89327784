# A hand-written standalone split AIV kernel (an AIV function with split codes, neither split_aiv
# nor dual_aiv_dispatch) is written full width, as if one vector core held the whole tile
# (pypto-facts §3.9 arm 3): split-vector-kernel halves it. The simulator runs the source the
# same way, once on lane 0 with whole tiles through the split-coded pipe, so `check` compares
# like with like (before, it ran the source on two lanes, each pushing the whole tile as its
# half: compile-mutations seed 32 found the mismatch). A kernel stamped dual_aiv_dispatch is
# per lane as written: split-vector-kernel only stamps its split (sim/pipe_v2c_gather.py).
# RUN: %ptoc run %s | FileCheck %s --check-prefix=RAN
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=compile --arch=a2a3 | FileCheck %s --check-prefix=OK
# RUN: %ptoc opt %s --passes=compile | FileCheck %s
# RUN: sed 's/^        v2c = pl.system.import_peer_buffer/        pl.func_attr({"dual_aiv_dispatch": True})\n        v2c = pl.system.import_peer_buffer/' %s > %t.dual.py
# RUN: %ptoc opt %t.dual.py --passes=convert-to-ssa,split-vector-kernel | FileCheck %s --check-prefix=DUAL
# RUN: not %ptoc run %t.dual.py 2>&1 | FileCheck %s --check-prefix=DUALSIM
# RAN: ran proj in
# OK: check ok: proj gives the same 2 output(s)
# CHECK: def proj_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# CHECK: xh: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0 + subblock_idx * 32, 0], [32, 128], target_memory=pl.Mem.Vec)
# DUAL: def proj_aiv(
# DUAL-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# DUAL: xh: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
# DUALSIM: does not fit the slot_size 16384
import pypto.language as pl

@pl.program
class PipeGather:

    @pl.function(type=pl.FunctionType.AIC)
    def proj_aic(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        v2c_buf = pl.system.reserve_buffer(name='proj_v2c', size=32768, base=-1)
        pl.system.aic_initialize_pipe(pl.const(0, pl.INT32), v2c_buf, dir_mask=2, slot_size=16384, slot_num=2)
        xs: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        x_l = pl.move(xs, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(xs)
        w_r = pl.move(pl.load(w, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        out1 = pl.store(o, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def proj_aiv(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        v2c = pl.system.import_peer_buffer(name='proj_v2c', peer_func='proj_aic')
        pl.system.aiv_initialize_pipe(pl.const(0, pl.INT32), v2c, dir_mask=2, slot_size=16384, slot_num=2)
        xh = pl.load(x, [0, 0], [64, 128])
        xh16 = pl.tile.cast(pl.tile.muls(xh, -1.0), dtype=pl.FP16)
        pl.tile.tpush_to_aic(xh16, split=1, id=0)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def proj(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.proj_aic(x, w, out)
        out1 = self.proj_aiv(x, w, out)
        return out1
