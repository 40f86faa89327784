# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: submit_not_a_kernel.py:[[@LINE+2]]:24: error: pl.submit launches a function of the program, given first
    # CHECK: hint: write `out, tid = pl.submit(self.kernel, args..., deps=[...])`
    y, tid = pl.submit(x, x)
    return y
