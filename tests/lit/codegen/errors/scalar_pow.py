# A scalar operator without an arith spelling (power) is reported at the expression.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    # CHECK: scalar_pow.py:[[@LINE+2]]:{{[0-9]+}}: error: this scalar operator has no PTO (arith) spelling yet
    # CHECK: hint: compute it with +, -, *, //, %, min or max
    t = pl.load(x, [n ** 2, 0], [16, 64])
    y = pl.store(t, [0, 0], y)
    return y
