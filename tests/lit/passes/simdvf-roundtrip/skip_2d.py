# Skipped (seed §2.7, 2-D units).
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 4 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((4, 64), "float32"), Y: T.Tensor((4, 64), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((4, 64), "float32")
        y = T.alloc_shared((4, 64), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            tmp = T.alloc_shared((4, 64), "float32")
            for r, c in T.Parallel(4, 64):
                tmp[r, c] = a[r, c] * 2.0
            for r, c in T.Parallel(4, 64):
                y[r, c] = tmp[r, c]
        T.copy(y, Y)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: tmp[{{.*}}] =
# CHECK: = tmp[
