# A mixed while loop: its condition reads a scalar carried by the loop, which both sides keep
# (each side computes the same count); the Acc tile stays on the AIC.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: while
# CHECK: pl.tile.tpush_to_aiv(s, split=0)
# CHECK: def f_aiv(
# CHECK: while
# CHECK: h: {{.*}} = pl.tile.tpop_from_aic(split=0)
import pypto.language as pl


@pl.program
class WhileMixed:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.full([16, 32], 0.0, dtype=pl.FP32)
        i = 0
        while i < 3:
            s = pl.matmul(a_l, b_r)
            h = pl.move(s, target_memory=pl.Mem.Vec)
            acc = pl.add(acc, h)
            i = i + 1
        y = pl.store(acc, [0, 0], y)
        return y
