# A runtime task scope inside a kernel has no PTO form: reported at the scope, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: runtime_scope.py:[[@LINE+3]]:5: error: a runtime task scope (pl.scope / pl.manual_scope / pl.spmd / pl.cluster) has no PTO form inside a kernel
    # CHECK: hint: keep runtime scopes in the Orchestration function
    # CHECK-NOT: module
    with pl.scope():
        t = pl.load(x, [0, 0], [16, 64])
        y1 = pl.store(t, [0, 0], y)
    return y1
