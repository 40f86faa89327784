# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    a = pl.load(x, [0, 0], [16, 64])
    b = pl.load(x, [0, 0], [16, 32])
    # CHECK: shape_mismatch.py:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[16, 64]{{.*}}[16, 32]
    c = pl.tile.add(a, b)
