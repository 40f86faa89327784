# A carrying pl.unroll loop is unrolled into at most 1024 copies.
# RUN: not %ptoc opt %s --passes=convert-to-ssa 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: err_unroll_too_long.py:[[@LINE+2]]:5: error: this pl.unroll loop changes 't' and would unroll into 5000 copies (at most 1024)
    # CHECK: hint: use pl.range(...) to carry the value in a loop
    for u in pl.unroll(0, 10000, 2):
        t = pl.exp(t)
    y = pl.store(t, [0, 0], y)
    return y
