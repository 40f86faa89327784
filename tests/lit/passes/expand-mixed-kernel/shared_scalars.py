# Shared (scalar) work is duplicated on both sides and kept where it is used: the loop bound
# `n` and the offset `off` feed both the cube loads and the vector stores, so each side
# computes them; the vector-only `scale2` stays on the AIV only.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: n: pl.Scalar[pl.INDEX] = k // 2
# CHECK-NOT: scale2
# CHECK: for i in pl.range(n):
# CHECK-NEXT: off: pl.Scalar[pl.INDEX] = i * 16
# CHECK: def f_aiv(
# CHECK: n: pl.Scalar[pl.INDEX] = k // 2
# CHECK: scale2: {{.*}} = scale * 2.0
# CHECK: for i, (y_1,) in pl.range(n, init_values=(y,)):
# CHECK-NEXT: off: pl.Scalar[pl.INDEX] = i * 16
import pypto.language as pl


@pl.program
class Shared:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          k: pl.Scalar[pl.INDEX], scale: pl.Scalar[pl.FP32],
          y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        n = k // 2
        scale2 = scale * 2.0
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(n):
            off = i * 16
            a_l = pl.move(pl.load(a, [off, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            s = pl.matmul(a_l, b_r)
            h = pl.move(s, target_memory=pl.Mem.Vec)
            y = pl.store(pl.muls(h, scale2), [off, 0], y)
        return y
