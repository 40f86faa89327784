# int32 -> int8 narrowing (truncation, as the element-level cast).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int32"), B_init: T.Tensor((256,), "int8"),
         B: T.Tensor((256,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int32")
        b = T.alloc_shared((256,), "int8")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(256):
                b[i] = T.Cast(T.int8, a[i] * 3)
        T.copy(b, B)
# CHECK: pl.vmi.vmuls(vload_0, pl.const(3, pl.INT32), mask)
# CHECK: pl.vmi.vcvt(vmuls_1, to_dtype=pl.INT8)
