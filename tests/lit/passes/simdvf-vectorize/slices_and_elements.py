# T.copy of slices (both directions), a Python-constant `if`, constant arithmetic in
# shapes and element stores outside the region, around a tail unit.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T

K = 100
USE_SCALE = True


@T.prim_func
def main(X: T.Buffer((K,), T.float32), Y: T.Buffer((2 * K,), T.float32)):
    with T.Kernel(1) as bx:
        x = T.alloc_shared((K + 28,), T.float32)
        y = T.alloc_shared((K + 28,), T.float32)
        T.copy(X, x[0:K])
        with T.SimdVF(lanes=64):
            for i in T.Parallel(K):
                if USE_SCALE:
                    y[i] = x[i] * 3.0
                else:
                    y[i] = x[i]
        y[0] = y[1] + y[2]
        T.copy(y[0:K], Y[bx * K:bx * K + K])
        T.copy(y[0:K], Y[K:2 * K])
# CHECK: remaining: pl.Scalar[pl.INT32] = pl.const(100, pl.INT32)
# CHECK: pl.vmi.vmuls(vload_0, 3.0, mask)
# CHECK: y[0] = y[1] + y[2]
