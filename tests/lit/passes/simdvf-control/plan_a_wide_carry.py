# Plan A (seed §2.5): the carried buffer is two lane vectors wide (128 elements, 64 lanes), so
# Plan B does not apply: the loop is hoisted out of the region and each iteration gets its own
# vecscope (the seed part, one region per iteration, the tail part). The carry goes through UB
# across a scope transition.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((128,), "float32"),
         B: T.Tensor((128,), "float32"), Y_init: T.Tensor((256,), "float32"), Y: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        acc = T.alloc_shared((128,), "float32")
        y = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, acc)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                acc[i] = 0.0
            for t in T.serial(4):
                for i in T.Parallel(64):
                    acc[i] = acc[i] + a[t * 64 + i]
            for i in T.Parallel(64):
                y[i] = acc[i] * 2.0
        T.copy(acc, B)
        T.copy(y, Y)
# CHECK-NOT: acc_carry
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: pl.vmi.vstore(vbrc_0, acc, 0, mask)
# CHECK-NEXT: for t in pl.range(4):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: pl.vmi.vload(acc, 0, size=64)
# CHECK: pl.vmi.vstore(vadd_{{[0-9]+}}, acc, 0, mask_1)
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: pl.vmi.vload(acc, 0, size=64)
# CHECK: pl.tile.store(acc
