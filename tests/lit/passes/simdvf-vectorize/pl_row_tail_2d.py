# The 2-D row tail in the pl spelling, over a 2-D tile [4, 256]: a kept loop of 4 around the
# chunk loop of 2, `remaining` restarts per row, the row stride 256 in the addresses.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[4, 256], pl.FP32], B: pl.InOut[pl.Tensor[[4, 256], pl.FP32]]):
    a = pl.load(A, [0, 0], [4, 256])
    b = pl.load(B, [0, 0], [4, 256])
    with pl.simd_vf(lanes=128):
        for i in pl.parallel(4):
            for j in pl.parallel(150):
                b[i, j] = a[i, j] * 2.0 + 1.0
    B = pl.store(b, [0, 0], B)
# CHECK: for i in pl.range(4):
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(remaining, size=128)
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(a, i * 256 + q * 128, size=128)
