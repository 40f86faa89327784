# An if on int32 elements.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A i4 256 0,-1,5,3,-7,2,2,9,-3,1,0
# RUN: %python %S/Inputs/npy.py write %t.in C i4 256 0,3,-1,3,6,2,-2,-9,4,1,0,-5,7
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int32"), C: T.Tensor((256,), "int32"),
         B_init: T.Tensor((256,), "int32"), B: T.Tensor((256,), "int32"),
         D_init: T.Tensor((256,), "int32"), D: T.Tensor((256,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int32")
        c = T.alloc_shared((256,), "int32")
        b = T.alloc_shared((256,), "int32")
        d = T.alloc_shared((256,), "int32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                if a[i] >= c[i]:
                    b[i] = a[i] - c[i]
                else:
                    b[i] = c[i] - a[i]
        T.copy(b, B)
        T.copy(d, D)
# CHECK: cmp="ge"
# CHECK: pl.vmi.vsel(
