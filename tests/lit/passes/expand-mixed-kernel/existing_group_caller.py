# A hand-written Group already calls the mixed InCore function: the call is rewritten in place
# into the AIC call and the AIV call (the result taken from the AIV), and no second Group is
# made.
# RUN: %ptoc opt %s --passes=expand-mixed-kernel --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=expand-mixed-kernel
# CHECK: def k_aic(
# CHECK: def k_aiv(
# CHECK: @pl.function(type=pl.FunctionType.Group)
# CHECK-NEXT: def grp(
# CHECK-NEXT: self.k_aic(a, b, out)
# CHECK-NEXT: out_1: {{.*}} = self.k_aiv(a, b, out)
# CHECK-NEXT: return out_1
# CHECK-NOT: def k(
import pypto.language as pl


@pl.program
class ExistingGroup:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        out_2 = pl.store(pl.exp(h), [0, 0], out)
        return out_2

    @pl.function(type=pl.FunctionType.Group)
    def grp(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out_1 = self.k(a, b, out)
        return out_1
