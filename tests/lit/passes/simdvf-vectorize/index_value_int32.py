# The loop index as a value (the reference's shape): c[i] = a[i] + i with int32,
# n = 512, 128 lanes: vci from the chunk's first index gives a + arange.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "int32"), B_init: T.Tensor((512,), "int32"),
         B: T.Tensor((512,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "int32")
        b = T.alloc_shared((512,), "int32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(512):
                b[i] = a[i] + i
        T.copy(b, B)
# CHECK: for q in pl.range(4):
# CHECK-NEXT: vload_0: pl.VReg[128, pl.INT32] = pl.vmi.vload(a, q * 128, size=128)
# CHECK-NEXT: vci_1: pl.VReg[128, pl.INT32] = pl.vmi.vci(pl.cast(q * 128, pl.INT32), size=128)
# CHECK-NEXT: vadd_2: {{.*}} = pl.vmi.vadd(vload_0, vci_1, mask)
