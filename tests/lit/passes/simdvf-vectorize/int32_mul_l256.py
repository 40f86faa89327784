# int32 multiply over 256 lanes.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int32"), B_init: T.Tensor((256,), "int32"),
         B: T.Tensor((256,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int32")
        b = T.alloc_shared((256,), "int32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(256):
                b[i] = a[i] * a[i]
        T.copy(b, B)
# CHECK: pl.VReg[256, pl.INT32] = pl.vmi.vload(a, 0, size=256)
# CHECK: pl.vmi.vmul(vload_0, vload_0, mask)
# CHECK-NOT: pl.range
