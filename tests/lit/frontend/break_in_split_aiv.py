# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    for i in pl.range(4):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            # CHECK: break_in_split_aiv.py:[[@LINE+2]]:13: error: 'break' is not supported inside a pl.split_aiv region
            # CHECK: hint: a pl.split_aiv body is a scope over the two AIV lanes, not a loop
            break
    return y
