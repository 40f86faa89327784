# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc run %s 2>&1 | FileCheck %s --check-prefix=SIM
# A pl.dynamic dim used as a value is its run-time extent (an INDEX scalar), as in PyPTO; it
# prints by name and is declared at the top. The simulator does not model it as a value.
import pypto.language as pl

M = pl.dynamic("M")

# CHECK: M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    # CHECK: return n + M
    # SIM: dynamic_dim_diag.py:[[@LINE+1]]:{{[0-9]+}}: error: the simulator does not model the pl.dynamic dimension 'M' used as a value
    return n + M
