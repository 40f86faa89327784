# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def g(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[16, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP32]:
        # CHECK: self_call_args.py:[[@LINE+1]]:20: error: argument 1 of 'g' has type Tensor{{\[\[}}16, 64], FP16] but parameter 'x' has type Tensor{{\[\[}}16, 64], FP32]
        y = self.g(x)
        return y
