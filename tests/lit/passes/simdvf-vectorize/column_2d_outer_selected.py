# An i-continuous 2-D unit (b[j * P + i], extents (100, 4)): layout inference picks the
# outer loop as the vectorized one and interchanges the loops; j is kept.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T

M = 100
N = 4
P = 128


@T.prim_func
def main(A: T.Tensor((N * P,), "float32"), B_init: T.Tensor((N * P,), "float32"),
         B: T.Tensor((N * P,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((N * P,), "float32")
        b = T.alloc_shared((N * P,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128), T.Parallel(M, N) as (i, j):
            b[j * P + i] = a[j * P + i] * 2.0
        T.copy(b, B)
# CHECK: mask: pl.Mask[128] = pl.vmi.create_mask(pl.const(100, pl.INT32), size=128)
# CHECK-NEXT: for j in pl.range(4):
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(a, j * 128, size=128)
