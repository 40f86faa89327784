# Tail 1-D (the reference's shape): 150 of 256 elements, 128 lanes. One `remaining`
# counter from 150, one create_mask(remaining) per chunk, a chunk loop of 2; elements
# 150..255 of b keep B_init's values (check compares them bit-exactly).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((256,), "float32"),
         B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(150):
                b[i] = a[i] + a[i]
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(remaining, size=128)
# CHECK-NEXT: vload_0: pl.VReg[128, pl.FP32] = pl.vmi.vload(a, q * 128, size=128)
# CHECK-NEXT: vadd_1: {{.*}} = pl.vmi.vadd(vload_0, vload_0, mask)
# CHECK-NEXT: pl.vmi.vstore(vadd_1, b, q * 128, mask)
# CHECK-NEXT: remaining: pl.Scalar[pl.INT32] = remaining - pl.const(128, pl.INT32)
# CHECK-NOT: create_mask
