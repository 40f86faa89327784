# Two nested T.Parallel loops form one 2-D unit; a lane-uniform load (the row's
# scale) stays a scalar load, per row.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((4, 64), "float32"), S: T.Tensor((4,), "float32"), Y: T.Tensor((4, 64), "float32")):
    with T.Kernel(1):
        x = T.alloc_shared((4, 64), "float32")
        s = T.alloc_shared((4,), "float32")
        y = T.alloc_shared((4, 64), "float32")
        T.copy(X, x)
        T.copy(S, s)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(4):
                for j in T.Parallel(64):
                    y[i, j] = x[i, j] * s[i]
        T.copy(y, Y)
# CHECK: for i in pl.range(4):
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(x, i * 64, size=64)
# CHECK-NEXT: vmuls_1: {{.*}} = pl.vmi.vmuls(vload_0, s[i], mask)
