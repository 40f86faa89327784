# simdvf-layout-inference records a 2-D unit's layout by loop order: the i-continuous unit
# b[j * P + i] vectorizes i, so the loops are interchanged (i becomes the inner loop) and
# nothing else changes; a j-continuous unit and a 1-D unit are left as they are.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf-layout-inference --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), B: T.Tensor((512,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        b = T.alloc_shared((512,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i, j in T.Parallel(100, 4):
                b[j * 128 + i] = a[j * 128 + i] * 2.0
            for i, j in T.Parallel(4, 100):
                b[i * 128 + j] = b[i * 128 + j] + 1.0
            for i in T.Parallel(512):
                b[i] = b[i] + a[i]
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: for j in pl.parallel(4):
# CHECK-NEXT: for i in pl.parallel(100):
# CHECK-NEXT: b[j * 128 + i] = a[j * 128 + i] * 2.0
# CHECK: for i_1 in pl.parallel(4):
# CHECK-NEXT: for j_1 in pl.parallel(100):
# CHECK: for i_2 in pl.parallel(512):
