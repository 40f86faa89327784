# The kept index of a 2-D unit used as a value is lane-uniform (a scalar cast rides in
# vadds); a continuous access with a constant offset (y[3, j + 5]) keeps it in the address; a
# lane-uniform load (x[0, 0]) stays a scalar load.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok: main gives the same 1 output(s)
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((4, 256), "float32"), Y: T.Tensor((4, 256), "float32"), s: T.float32):
    with T.Kernel(1):
        x = T.alloc_shared((4, 256), "float32")
        y = T.alloc_shared((4, 256), "float32")
        T.copy(X, x)
        T.copy(Y, y)
        with T.SimdVF(lanes=64):
            for i, j in T.Parallel(4, 200):
                y[i, j] = x[i, j] + T.cast(i, "float32") * s
            for j in T.Parallel(128):
                y[3, j + 5] = y[3, j + 5] * 2.0 + x[0, 0]
        T.copy(y, Y)
# CHECK: pl.vmi.vadds(vload_0, pl.cast(pl.cast(i, pl.INT32), pl.FP32) * s, mask_1)
# CHECK: pl.vmi.vload(y, q_1 * 64 + 773, size=64)
# CHECK: pl.vmi.vadds(vmuls_1, x[0, 0], mask)
