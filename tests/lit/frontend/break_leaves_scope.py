# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    for i in pl.range(4):
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 64])
            # CHECK: break_leaves_scope.py:[[@LINE+2]]:13: error: 'break' cannot leave a pl.at scope
            # CHECK: hint: put the whole loop inside the scope, or end the loop with a condition
            break
    return y
