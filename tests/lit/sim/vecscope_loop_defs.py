# Definite assignment inside one vecscope: a register assigned before a loop and updated in it,
# and one assigned in both arms of an if, are defined for every later read; the region runs.
# RUN: %ptoc run %s | FileCheck %s
# RUN: %ptoc opt %s --passes=verify-codegen-legality | FileCheck %s --check-prefix=VERIFY
# CHECK: ran main
# VERIFY: pl.vmi.vstore(acc, b, 0, m)
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.InOut[pl.Tensor[[64], pl.FP32]], n: pl.Scalar[pl.INT32]):
    a = pl.load(A, [0], [64])
    b = pl.load(B, [0], [64])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        acc = pl.vmi.vbrc(0.0, size=64)
        for t in pl.range(3):
            acc = pl.vmi.vadd(acc, pl.vmi.vload(a, 0, size=64), m)
        if n > 0:
            y = pl.vmi.vadd(acc, acc, m)
        else:
            y = pl.vmi.vload(b, 0, size=64)
        pl.vmi.vstore(y, b, 0, m)
        pl.vmi.vstore(acc, b, 0, m)
    B = pl.store(b, [0], B)
