# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def orch(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: runtime_scope_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: unknown scope mode 'pl.ScopeMode.EAGER'
    # CHECK: hint: expected pl.ScopeMode.AUTO or pl.ScopeMode.MANUAL
    with pl.scope(mode=pl.ScopeMode.EAGER):
        y = pl.add(x, x)
    return y
