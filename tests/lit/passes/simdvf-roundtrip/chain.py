# Fixpoint (seed §2.7): t1[i] = a[i]; t2[i] = t1[i] + 1.0; y[i] = t2[i] * t2[i];
# t3[i] = y[i] - a[i]; z[i] = t3[i]. Backward propagation removes t1 (U2 reads a), forward
# re-addressing removes t3 (the subtraction writes z); t2 stays (its reader is no pure copy and
# it is no copy itself). Both dead allocations are pruned.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s --check-prefix=VEC
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 9 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), Y: T.Tensor((128,), "float32"), Z: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        y = T.alloc_shared((128,), "float32")
        z = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            t1 = T.alloc_shared((128,), "float32")
            t2 = T.alloc_shared((128,), "float32")
            t3 = T.alloc_shared((128,), "float32")
            for i in T.Parallel(128):
                t1[i] = a[i]
            for i in T.Parallel(128):
                t2[i] = t1[i] + 1.0
            for i in T.Parallel(128):
                y[i] = t2[i] * t2[i]
            for i in T.Parallel(128):
                t3[i] = y[i] - a[i]
            for i in T.Parallel(128):
                z[i] = t3[i]
        T.copy(y, Y)
        T.copy(z, Z)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NOT: t1
# CHECK: t2: pl.Tile
# CHECK-NOT: t3
# CHECK: t2[[[I:i[_0-9]*]]] = a[[[I]]] + 1.0
# CHECK: y[[[J:i[_0-9]*]]] = t2[[[J]]] * t2[[[J]]]
# CHECK: z[[[K:i[_0-9]*]]] = y[[[K]]] - a[[[K]]]
# CHECK-NOT: t1
# CHECK-NOT: t3
# VEC-NOT: t1
# VEC-NOT: t3
