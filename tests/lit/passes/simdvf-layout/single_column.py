# The reference's preference: when both loops vectorize and N == 1 < M, the outer loop is
# chosen (a unit of one column vectorizes down the rows).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64), T.Parallel(128, 1) as (i, j):
            b[i + j] = a[i + j] + 1.0
        T.copy(b, B)
# CHECK: for j in pl.range(1):
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(a, j + q * 64, size=64)
