# Hand-written AIC / AIV / Group with a V->C gather: each AIV lane loads, scales and casts
# its 32 rows and pushes them with split=1; the AIC pops the joined [64, 128] tile in Mat
# (lane 0's rows first), multiplies it on the cube and stores the result.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen pipe_v2c_gather %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check pipe_v2c_gather %t/in %t/out
# CHECK: ran proj in {{.*}}; inputs: x (file), w (file), out (zeros); wrote out.npy, return_0.npy
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
        out = pl.store(o, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def proj_aiv(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
                 out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        v2c = pl.system.import_peer_buffer(name="proj_v2c", peer_func="proj_aic")
        pl.system.aiv_initialize_pipe(pl.const(0, pl.INT32), v2c, dir_mask=2, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        xh = pl.load(x, [sb * 32, 0], [32, 128])
        xh16 = pl.tile.cast(pl.tile.muls(xh, 0.5), dtype=pl.FP16)
        pl.tile.tpush_to_aic(xh16, split=1)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def proj(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.proj_aic(x, w, out)
        out = self.proj_aiv(x, w, out)
        return out
