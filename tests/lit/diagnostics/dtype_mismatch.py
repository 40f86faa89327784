# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP16]):
    a = pl.load(x, [0, 0], [16, 64])
    b = pl.load(y, [0, 0], [16, 64])
    # CHECK: dtype_mismatch.py:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}FP32{{.*}}FP16
    c = pl.tile.mul(a, b)
