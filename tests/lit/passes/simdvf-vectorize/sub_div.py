# `-` and `/` inside a region (vsub / vdiv; the reference rejects them, ptoc need not).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((256,), "float32"),
         B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(150):
                b[i] = (a[i] - 1.0) / (a[i] * a[i] + 2.0)
        T.copy(b, B)
# CHECK: pl.vmi.vadds(vload_0, -1.0, mask)
# CHECK-NOT: vload_2
# CHECK: pl.vmi.vmul(vload_0, vload_0, mask)
# CHECK: pl.vmi.vdiv(
