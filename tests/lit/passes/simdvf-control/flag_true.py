# A scalar bool parameter as the if condition (the reviewers' crash case): an all-true
# lane mask through create_mask(select(flag, L, 0)); flag = True.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %python %S/Inputs/npy.py write %t.in flag b1 0 1
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32"), flag: T.bool):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        c = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        d = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                if flag:
                    b[i] = a[i]
                else:
                    b[i] = c[i]
        T.copy(b, B)
        T.copy(d, D)
# CHECK: pl.vmi.create_mask(pl.select(flag, pl.const(64, pl.INT32), pl.const(0, pl.INT32)), size=64)
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK-NEXT: for q in pl.range(3):
# CHECK: pl.vmi.vsel(
