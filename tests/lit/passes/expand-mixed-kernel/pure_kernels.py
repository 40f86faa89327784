# Functions without a C/V boundary are not split: pure cube work becomes AIC, vector work
# becomes AIV, and either loses its `split` mode (a pure kernel runs on one core / lane). No
# pipe, no Group.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile --entry=main
# CHECK: @pl.function(type=pl.FunctionType.AIC)
# CHECK-NEXT: def cube(
# CHECK-NOT: pl.func_attr
# CHECK-NOT: pl.system
# CHECK: @pl.function(type=pl.FunctionType.AIV)
# CHECK-NEXT: def vec(
# CHECK-NOT: pl.func_attr
# CHECK: pl.tile.exp
# CHECK: @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NOT: FunctionType.Group
import pypto.language as pl


@pl.program
class Pure:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             c: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        c1 = pl.store(acc, [0, 0], c)
        return c1

    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[32, 32], pl.FP32],
            y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        t = pl.load(x, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(t), [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             x: pl.Tensor[[32, 32], pl.FP32], c: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        c1 = self.cube(a, b, c)
        y1 = self.vec(x, y)
        return y1
