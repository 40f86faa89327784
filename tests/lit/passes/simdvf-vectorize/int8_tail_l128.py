# int8 with a tail and 128 lanes (half a register).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int8"), B_init: T.Tensor((256,), "int8"),
         B: T.Tensor((256,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int8")
        b = T.alloc_shared((256,), "int8")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(130):
                b[i] = a[i] + 1
        T.copy(b, B)
# CHECK: remaining: pl.Scalar[pl.INT32] = pl.const(130, pl.INT32)
# CHECK: pl.vmi.vadds(vload_0, pl.const(1, pl.INT8), mask)
