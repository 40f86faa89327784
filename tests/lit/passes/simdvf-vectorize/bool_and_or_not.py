# and / or / not and & / | on lane conditions become mask_and / mask_or / mask_not.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/../simdvf-control/Inputs/npy.py write %t.in A f4 128 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B_init: T.Tensor((128,), "float32"),
         B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(128):
                b[i] = T.Select(((a[i] > -1.0) & (a[i] < 1.0)) | (not (a[i] != 2.0)), a[i], -a[i])
        T.copy(b, B)
# CHECK: pl.vmi.mask_and(
# CHECK: pl.vmi.mask_not(
# CHECK: pl.vmi.mask_or(
# CHECK: pl.vmi.vneg(
