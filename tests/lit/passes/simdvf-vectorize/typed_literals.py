# Typed literals T.float32(x) / T.int32(x) are scalar constants.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((64,), "float32"), B_init: T.Tensor((64,), "float32"),
         B: T.Tensor((64,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((64,), "float32")
        b = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = a[i] * T.float32(0.5) + T.float32(2)
        T.copy(b, B)
# CHECK: pl.vmi.vmuls(vload_0, 0.5, mask)
# CHECK: pl.vmi.vadds(vmuls_1, 2.0, mask)
