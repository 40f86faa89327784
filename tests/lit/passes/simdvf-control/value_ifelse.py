# An if/else assigning a value (a unit-local scalar) in both arms: v = select(c, t, e).
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel | FileCheck %s --check-prefix=LEG
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32")):
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
                if a[i] > 0.0:
                    v = a[i] * 2.0
                else:
                    v = c[i] - 1.0
                b[i] = v
        T.copy(b, B)
        T.copy(d, D)
# LEG: cond_0: pl.Scalar[pl.BOOL] = a[i] > 0.0
# LEG-NEXT: v: pl.Scalar[pl.FP32] = pl.select(cond_0, a[i] * 2.0, c[i] - 1.0)
# LEG-NEXT: b[i] = v
# CHECK: pl.vmi.vcmps(
# CHECK: pl.vmi.vsel(
# CHECK: pl.vmi.vstore(
