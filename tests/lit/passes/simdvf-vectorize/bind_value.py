# A unit-local bind (v = a[i]) is converted once and reused.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(256):
                v = a[i]
                w = v * v
                b[i] = w + v
        T.copy(b, B)
# CHECK: vload_0: {{.*}} = pl.vmi.vload(a, q * 64, size=64)
# CHECK-NEXT: vmul_1: {{.*}} = pl.vmi.vmul(vload_0, vload_0, mask)
# CHECK-NEXT: vadd_2: {{.*}} = pl.vmi.vadd(vmul_1, vload_0, mask)
