# Forward re-addressing (seed §2.7): U1 stores the staging buffer tmp, the adjacent U2 is the pure copy y[i] = tmp[i]. U1 writes y directly, U2 is dropped and the region-local allocation of tmp is pruned: no vstore -> vload pair of tmp is left in the vecscope.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s --check-prefix=VEC
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 9 | FileCheck %s --check-prefix=OK
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
            for i in T.Parallel(256):
                tmp[i] = a[i] * 2.0 + 1.0
            for i in T.Parallel(256):
                y[i] = tmp[i]
        T.copy(y, Y)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NOT: tmp
# CHECK: y[i] = a[i] * 2.0 + 1.0
# CHECK-NOT: tmp
# CHECK-NOT: pl.parallel
# VEC-NOT: tmp
