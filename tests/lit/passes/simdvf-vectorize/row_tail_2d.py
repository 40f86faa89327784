# 2-D row tail (the reference's shape): T.Parallel(4, 150) over b[i * 256 + j] with 128
# lanes. A kept loop of 4 wraps the chunk loop of 2; `remaining` restarts at 150 for each row;
# the row stride 256 is in the addresses; each row's elements 150..255 keep their values.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T

M = 4
N = 150
P = 256


@T.prim_func
def main(A: T.Tensor((M * P,), "float32"), B_init: T.Tensor((M * P,), "float32"),
         B: T.Tensor((M * P,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((M * P,), "float32")
        b = T.alloc_shared((M * P,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128), T.Parallel(M, N) as (i, j):
            b[i * P + j] = a[i * P + j] + a[i * P + j]
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: for i in pl.range(4):
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(remaining, size=128)
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(a, i * 256 + q * 128, size=128)
# CHECK: pl.vmi.vstore(vadd_1, b, i * 256 + q * 128, mask)
