# The Group returns the Out parameters its kernel stores into when it can (param-return);
# here the kernel also returns a scalar, so the Group takes both results from the AIV call.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile --entry=main
# CHECK: type=pl.FunctionType.Group
# CHECK-NEXT: def f(
# CHECK-NEXT: self.f_aic(a, b, k, y)
# CHECK-NEXT: f_result: tuple[pl.Tensor{{\[\[}}16, 16], pl.FP32], pl.Scalar[pl.INDEX]] = self.f_aiv(a, b, k, y)
# CHECK-NEXT: return f_result[0], f_result[1]
import pypto.language as pl


@pl.program
class TwoResults:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          k: pl.Scalar[pl.INDEX],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Scalar[pl.INDEX]]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(h), [0, 0], y)
        n = k * 2
        return y1, n

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             k: pl.Scalar[pl.INDEX],
             y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y1, n = self.f(a, b, k, y)
        return y1
