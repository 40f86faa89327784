# 2-D divisible unit over a 2-D tile: y[i, j] with 64 lanes; the row stride comes from
# the tile shape.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((8, 128), "float32"), Y: T.Tensor((8, 128), "float32")):
    with T.Kernel(1):
        x = T.alloc_shared((8, 128), "float32")
        y = T.alloc_shared((8, 128), "float32")
        T.copy(X, x)
        with T.SimdVF(lanes=64):
            for i, j in T.Parallel(8, 128):
                y[i, j] = x[i, j] * x[i, j]
        T.copy(y, Y)
# CHECK: for i in pl.range(8):
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: vload_0: {{.*}} = pl.vmi.vload(x, i * 128 + q * 64, size=64)
# CHECK-NOT: remaining
