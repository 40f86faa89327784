# A tile first defined inside a loop (which may run zero times) has no value to
# carry in: using it after the loop is an error at the use.
# RUN: not %ptoc opt %s --passes=convert-to-ssa 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    for i in pl.range(n):
        last = pl.load(x, [i * 16, 0], [16, 64])
    # CHECK: err_undefined_after_loop.py:[[@LINE+4]]:5: error: 'last' is not defined on every path to this use
    # CHECK: err_undefined_after_loop.py:[[@LINE-2]]:9: note: 'last' is assigned here, inside the loop at {{.*}}err_undefined_after_loop.py:[[@LINE-3]]:5, which may run zero times
    # CHECK: hint: assign 'last' before the loop (an initial value) so it is carried out of the loop
    # CHECK-NOT: error:
    y = pl.store(last, [0, 0], y)
    return y
