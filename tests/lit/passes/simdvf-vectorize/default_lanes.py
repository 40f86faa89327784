# T.SimdVF() without lanes takes the reference's default, 128.
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
        with T.SimdVF():
            for i in T.Parallel(256):
                b[i] = a[i] + 2.0
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK: pl.range(2)
