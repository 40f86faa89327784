# Backward copy propagation (seed §2.7): U1 is the pure copy tmp[i] = a[i], the adjacent U2 reads tmp[i]; a is never written in the region. U2 reads a[i], U1 is dropped, tmp pruned.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s --check-prefix=VEC
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 9 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), Y: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        y = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            tmp = T.alloc_shared((128,), "float32")
            for i in T.Parallel(128):
                tmp[i] = a[i]
            for i in T.Parallel(128):
                if tmp[i] > 0.0:
                    y[i] = tmp[i] * tmp[i]
                else:
                    y[i] = 0.0 - tmp[i]
        T.copy(y, Y)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NOT: tmp
# CHECK: a[{{i[_0-9]*}}] > 0.0
# CHECK-NOT: tmp
# VEC-NOT: tmp
