# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        # CHECK: device_call_keywords.py:[[@LINE+2]]:{{[0-9]+}}: error: a call with device= passes the arguments of 'chip' by position
        # CHECK: hint: write self.chip(args..., device=RANK)
        y = self.chip(x=x, device=0)
        return y
