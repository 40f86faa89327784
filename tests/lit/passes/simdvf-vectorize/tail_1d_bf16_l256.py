# bf16 tail over 256 lanes: 300 of 512 elements, chunk loop of 2 with `remaining`.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "bfloat16"), B_init: T.Tensor((512,), "bfloat16"),
         B: T.Tensor((512,), "bfloat16")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "bfloat16")
        b = T.alloc_shared((512,), "bfloat16")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(300):
                b[i] = a[i] - a[i] * 0.5
        T.copy(b, B)
# CHECK: remaining: pl.Scalar[pl.INT32] = pl.const(300, pl.INT32)
# CHECK-NEXT: for q in pl.range(2):
# CHECK-NEXT: mask: pl.Mask[256] = pl.vmi.create_mask(remaining, size=256)
# CHECK: pl.VReg[256, pl.BF16] = pl.vmi.vload(a, q * 256, size=256)
# CHECK: vsub_{{[0-9]+}}: {{.*}} = pl.vmi.vsub(
# CHECK: remaining - pl.const(256, pl.INT32)
