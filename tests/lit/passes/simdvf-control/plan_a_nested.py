# Plan A, nested carriers (seed §2.5 "level by level"): the outer loop carries `s`, the inner
# loop carries `s` too. The outer loop is hoisted out of the region; inside it, the inner loop
# is hoisted again and each of its iterations gets its own region; the outer body's other unit
# gets a region of its own after the inner loop.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 5 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((1024,), "float32"), Y_init: T.Tensor((128,), "float32"), Y: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((1024,), "float32")
        y = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            for t in T.serial(2):
                for u in T.serial(3):
                    for i in T.Parallel(128):
                        y[i] = y[i] + a[(t * 3 + u) * 128 + i]
                for i in T.Parallel(128):
                    y[i] = y[i] * 0.5
        T.copy(y, Y)
# CHECK: for t in pl.range(2):
# CHECK-NEXT: for u in pl.range(3):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: pl.vmi.vstore
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: pl.vmi.vmuls
