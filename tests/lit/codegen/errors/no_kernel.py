# A program without a kernel has nothing to emit.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
# CHECK: error: the program has no kernel (AIC / AIV / Group function) to emit
# CHECK: hint: write the kernel as @pl.function(type=pl.FunctionType.InCore)
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    return x
