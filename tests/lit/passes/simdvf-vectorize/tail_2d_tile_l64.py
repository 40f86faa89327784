# 2-D tail over a padded 2-D tile: (3, 70) of [3, 128] with 64 lanes.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((3, 128), "float32"), Y_init: T.Tensor((3, 128), "float32"),
         Y: T.Tensor((3, 128), "float32")):
    with T.Kernel(1):
        x = T.alloc_shared((3, 128), "float32")
        y = T.alloc_shared((3, 128), "float32")
        T.copy(X, x)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64), T.Parallel(3, 70) as (i, j):
            y[i, j] = x[i, j] + 1.0
        T.copy(y, Y)
# CHECK: for i in pl.range(3):
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(70, pl.INT32)
