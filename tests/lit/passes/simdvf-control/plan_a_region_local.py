# Plan A with region-local allocations (seed §2.5, §5.1): the carried buffer `s` and a bystander
# `w` (written before the loop, read inside it) are allocated inside the region. When the region
# is split, both allocations are hoisted before the first part, so every part uses one
# allocation (never one per part).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), Y_init: T.Tensor((150,), "float32"), Y: T.Tensor((150,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        y = T.alloc_shared((150,), "float32")
        T.copy(A, a)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            s = T.alloc_shared((128,), "float32")
            w = T.alloc_shared((128,), "float32")
            for i in T.Parallel(128):
                s[i] = 1.0
                w[i] = a[i] * 0.5
            for t in T.serial(3):
                for i in T.Parallel(128):
                    s[i] = s[i] * w[i] + a[t * 128 + i]
            for i in T.Parallel(128):
                y[i] = s[i] - w[i]
        T.copy(y, Y)
# CHECK-COUNT-2: pl.tile.create([128]
# CHECK-NOT: pl.tile.create
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: for t in pl.range(3):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NOT: pl.tile.create
