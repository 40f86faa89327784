# A comparison with the scalar on the left keeps its meaning (0.5 < a[i] is a[i] > 0.5).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/../simdvf-control/Inputs/npy.py write %t.in A f4 64 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((64,), "float32"), B_init: T.Tensor((64,), "float32"),
         B: T.Tensor((64,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((64,), "float32")
        b = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = T.Select(0.5 < a[i], a[i], 0.0)
        T.copy(b, B)
# CHECK: pl.vmi.vbrc(0.0, size=64)
# CHECK: pl.vmi.vcmps(vload_0, 0.5, mask, cmp="gt")
