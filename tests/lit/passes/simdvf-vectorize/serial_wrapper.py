# A T.serial loop around a unit is a sequential wrapper: each iteration runs the unit.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((3, 128), "float32"), B: T.Tensor((3, 128), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((3, 128), "float32")
        b = T.alloc_shared((3, 128), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for r in T.serial(3):
                for i in T.Parallel(128):
                    b[r, i] = a[r, i] * 2.0
        T.copy(b, B)
# CHECK: for r in pl.range(3):
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(a, r * 128 + q * 64, size=64)
