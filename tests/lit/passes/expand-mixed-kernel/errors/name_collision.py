# The program already has a function named like the AIC half of the kernel.
# RUN: not %ptoc opt %s --passes=expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: name_collision.py:11:9: error: expand-mixed-kernel: cannot expand 'k': the program already has a function named 'k_aic'
# CHECK: hint: rename that function
import pypto.language as pl


@pl.program
class Collide:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        out_2 = pl.store(pl.exp(h), [0, 0], out)
        return out_2

    @pl.function(type=pl.FunctionType.InCore)
    def k_aic(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out_1 = pl.store(pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec), [0, 0], out)
        return out_1
