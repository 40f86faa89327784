# int8 elements, 256 lanes (one register): vadd is in the VMI matrix for int8.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "int8"), B_init: T.Tensor((512,), "int8"),
         B: T.Tensor((512,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "int8")
        b = T.alloc_shared((512,), "int8")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(512):
                b[i] = a[i] + a[i]
        T.copy(b, B)
# CHECK: pl.VReg[256, pl.INT8] = pl.vmi.vload(a, q * 256, size=256)
# CHECK: pl.vmi.vadd(
