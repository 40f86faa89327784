# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 64])
    # CHECK: bad_dedent.py:[[@LINE+1]]:{{[0-9]+}}: error: unindent does not match any outer indentation level
    u = t
