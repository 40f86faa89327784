# The tail 1-D kernel in the pl spelling (pl.simd_vf / pl.parallel): the same passes, the
# same output as the T kernel (tail_1d_f32_l128.py).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[256], pl.FP32], B: pl.InOut[pl.Tensor[[256], pl.FP32]]):
    a = pl.load(A, [0], [256])
    b = pl.load(B, [0], [256])
    with pl.simd_vf(lanes=128):
        for i in pl.parallel(150):
            b[i] = a[i] + a[i]
    B = pl.store(b, [0], B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(remaining, size=128)
# CHECK: remaining: pl.Scalar[pl.INT32] = remaining - pl.const(128, pl.INT32)
