# Divisible 1-D with 256 lanes of fp32 (a VMI vector over four registers).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), B_init: T.Tensor((512,), "float32"),
         B: T.Tensor((512,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        b = T.alloc_shared((512,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(512):
                b[i] = a[i] + 1.5
        T.copy(b, B)
# CHECK: mask: pl.Mask[256] = pl.vmi.create_mask(pl.const(256, pl.INT32), size=256)
# CHECK-NEXT: for q in pl.range(2):
# CHECK: pl.vmi.vadds(vload_0, 1.5, mask)
# CHECK-NOT: remaining
