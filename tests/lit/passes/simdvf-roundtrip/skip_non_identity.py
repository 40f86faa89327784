# Skipped (seed §2.7, non-identity indices): tmp is written and read at i + 64.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 4 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), Y: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        y = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            tmp = T.alloc_shared((256,), "float32")
            for i in T.Parallel(128):
                tmp[i + 64] = a[i] + 1.0
            for i in T.Parallel(128):
                y[i] = tmp[i + 64]
        T.copy(y, Y)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: tmp[{{.*}}] =
# CHECK: = tmp[
