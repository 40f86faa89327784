# An InCore function stamped split_aiv (the form lower-auto-vector-split produces, before
# expand-mixed-kernel) runs as two lanes: the cube statements run on both, aiv_shard gives
# each lane its half of the full Acc tile, and each lane stores its rows.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen split_aiv_incore %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check split_aiv_incore %t/in %t/out
# CHECK: ran main in {{.*}}; inputs: q (file), kt (file), out (zeros); wrote out.npy, return_0.npy
import pypto.language as pl


@pl.program
class SplitAivInCore:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
           out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        subblock_idx = pl.tile.get_subblock_idx()
        q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
        e = pl.exp(pl.mul(h, 0.125))
        out = pl.store(e, [subblock_idx * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        out = self.qk(q, kt, out)
        return out
