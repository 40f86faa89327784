# FP16 matmul through Mat -> Left/Right -> Acc, stored as FP32 and cast back to FP16 (fp16
# .npy files in and out), called from an Orchestration function.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen matmul_fp16 %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check matmul_fp16 %t/in %t/out
# CHECK: ran main in {{.*}}; inputs: a (file), b (file), c (zeros), c16 (zeros); wrote c.npy, c16.npy, return_0.npy, return_1.npy
import pypto.language as pl


@pl.program
class Gemm:
    @pl.function(type=pl.FunctionType.InCore)
    def gemm(self, a: pl.Tensor[[64, 128], pl.FP16], b: pl.Tensor[[128, 96], pl.FP16],
             c: pl.Out[pl.Tensor[[64, 96], pl.FP32]],
             c16: pl.Out[pl.Tensor[[64, 96], pl.FP16]]
             ) -> tuple[pl.Tensor[[64, 96], pl.FP32], pl.Tensor[[64, 96], pl.FP16]]:
        a_l = pl.move(pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [128, 96], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        c = pl.store(acc, [0, 0], c)
        v = pl.move(acc, target_memory=pl.Mem.Vec)
        c16 = pl.store(pl.tile.cast(v, dtype=pl.FP16), [0, 0], c16)
        return c, c16

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 128], pl.FP16], b: pl.Tensor[[128, 96], pl.FP16],
             c: pl.Out[pl.Tensor[[64, 96], pl.FP32]],
             c16: pl.Out[pl.Tensor[[64, 96], pl.FP16]]
             ) -> tuple[pl.Tensor[[64, 96], pl.FP32], pl.Tensor[[64, 96], pl.FP16]]:
        c, c16 = self.gemm(a, b, c, c16)
        return c, c16
