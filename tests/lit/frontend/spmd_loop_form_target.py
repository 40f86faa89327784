# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def orch(x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    # CHECK: spmd_loop_form_target.py:[[@LINE+2]]:9: error: the loop form of pl.spmd binds one block index: `for i in pl.spmd(n):`
    # CHECK: hint: write `for i in pl.spmd(4):`
    for i, j in pl.spmd(4):
        y = pl.add(x, x)
    return x
