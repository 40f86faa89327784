# Skipped (seed §2.7, predicated access): the only store of tmp is a predicated store (a
# single-sided if nested in an arm), so tmp keeps its old value on some lanes.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel,eliminate-simdvf-roundtrip | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 4 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), Y: T.Tensor((256,), "float32"), Z: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        y = T.alloc_shared((256,), "float32")
        z = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            tmp = T.alloc_shared((256,), "float32")
            for i in T.Parallel(256):
                if a[i] > 0.0:
                    if a[i] > 1.0:
                        tmp[i] = a[i]
                else:
                    z[i] = a[i]
            for i in T.Parallel(256):
                y[i] = tmp[i]
        T.copy(y, Y)
        T.copy(z, Z)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: pl.store_if({{.*}}tmp
# CHECK: = tmp[
