# Hand-written AIC / AIV / Group with a split C->V pipe: the AIC pushes four [64, 32] Acc
# tiles with split=1 through 2 slots; each AIV lane pops its [32, 32] half (lane 0 the top
# rows), scales it, frees the slot and stores it at its own rows.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen pipe_c2v_split %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check pipe_c2v_split %t/in %t/out
# CHECK: ran main in {{.*}}; inputs: q (file), kt (file), out (zeros); wrote out.npy, return_0.npy
import pypto.language as pl


@pl.program
class PipeSplit:
    @pl.function(type=pl.FunctionType.AIC)
    def qk_aic(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="qk_c2v", peer_func="qk_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=8192, slot_num=2)
        q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        for j in pl.range(4):
            k_r = pl.move(pl.load(kt, [0, j * 32], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(q_l, k_r)
            pl.tile.tpush_to_aiv(s, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def qk_aiv(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="qk_c2v", size=16384, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=8192, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        for j in pl.range(4):
            h: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            p = pl.mul(h, 0.5)
            pl.system.tfree_to_aic(h)
            out = pl.store(p, [sb * 32, j * 32], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def qk(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
           out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        self.qk_aic(q, kt, out)
        self.qk_aiv(q, kt, out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        out = self.qk(q, kt, out)
        return out
