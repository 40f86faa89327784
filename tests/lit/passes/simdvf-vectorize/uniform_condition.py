# A lane-uniform condition (a scalar parameter) selects all lanes or none: one
# create_mask of L or 0 lanes.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/../simdvf-control/Inputs/npy.py write %t.in A f4 128 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B_init: T.Tensor((128,), "float32"),
         B: T.Tensor((128,), "float32"), flag: T.int32):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                b[i] = T.Select(flag > 0, a[i], 0.0)
        T.copy(b, B)
# CHECK: pl.vmi.create_mask(pl.select(flag > pl.const(0, pl.INT32), pl.const(128, pl.INT32), pl.const(0, pl.INT32)), size=128)
# CHECK: pl.vmi.vsel(
