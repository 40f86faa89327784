# The loop index as a value with a tail: 200 of 256 int32 elements, 64 lanes.
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
        with T.SimdVF(lanes=64):
            for i in T.Parallel(200):
                b[i] = a[i] * 2 + i
        T.copy(b, B)
# CHECK: remaining: pl.Scalar[pl.INT32] = pl.const(200, pl.INT32)
# CHECK: pl.vmi.vci(pl.cast(q * 64, pl.INT32), size=64)
