# Plan A: one loop carrying two buffers (`b`, one lane vector wide with a uniform seed, would fit
# Plan B alone; `c` is carried by a 150-wide unit with a tail). More than one carried value: the loop is split, no
# register carry.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 512 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 2 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), X_init: T.Tensor((64,), "float32"), X: T.Tensor((64,), "float32"),
         Y_init: T.Tensor((192,), "float32"), Y: T.Tensor((192,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        b = T.alloc_shared((64,), "float32")
        c = T.alloc_shared((192,), "float32")
        T.copy(A, a)
        T.copy(X_init, b)
        T.copy(Y_init, c)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = 0.0
            for t in T.serial(3):
                for i in T.Parallel(64):
                    b[i] = b[i] + a[t * 64 + i]
                for i in T.Parallel(150):
                    if a[t * 150 + i] > 0.0:
                        c[i] = c[i] * 2.0
        T.copy(b, X)
        T.copy(c, Y)
# CHECK-NOT: _carry
# CHECK: for t in pl.range(3):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: remaining
# CHECK-NOT: with pl.simd_vf
# CHECK: pl.tile.store(b
