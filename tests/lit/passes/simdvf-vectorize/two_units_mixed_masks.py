# A divisible unit then a tail unit in one region: the full mask is shared, the
# tail unit has its own counter.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A1: T.Tensor((256,), "float32"), B1: T.Tensor((256,), "float32"),
         A2: T.Tensor((256,), "float32"), B2_init: T.Tensor((256,), "float32"),
         B2: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a1 = T.alloc_shared((256,), "float32")
        b1 = T.alloc_shared((256,), "float32")
        a2 = T.alloc_shared((256,), "float32")
        b2 = T.alloc_shared((256,), "float32")
        T.copy(A1, a1)
        T.copy(A2, a2)
        T.copy(B2_init, b2)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(256):
                b1[i] = a1[i] + a1[i]
            for i in T.Parallel(150):
                b2[i] = a2[i] + a2[i]
        T.copy(b1, B1)
        T.copy(b2, B2)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(pl.const(128, pl.INT32), size=128)
# CHECK: pl.vmi.vstore({{.*}}, b1, q * 128, mask)
# CHECK: remaining: pl.Scalar[pl.INT32] = pl.const(150, pl.INT32)
# CHECK: mask_1: pl.Mask[128] = pl.vmi.create_mask(remaining, size=128)
# CHECK: pl.vmi.vstore({{.*}}, b2, q_1 * 128, mask_1)
