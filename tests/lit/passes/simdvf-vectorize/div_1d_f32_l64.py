# Divisible 1-D: 256 elements over 64 lanes need no `remaining`: one full mask for
# the region, a chunk loop of 4.
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
        with T.SimdVF(lanes=64):
            for i in T.Parallel(256):
                b[i] = a[i] * 3.0
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NEXT: mask: pl.Mask[64] = pl.vmi.create_mask(pl.const(64, pl.INT32), size=64)
# CHECK-NEXT: for q in pl.range(4):
# CHECK-NEXT: vload_0: pl.VReg[64, pl.FP32] = pl.vmi.vload(a, q * 64, size=64)
# CHECK-NEXT: vmuls_1: {{.*}} = pl.vmi.vmuls(vload_0, 3.0, mask)
# CHECK-NEXT: pl.vmi.vstore(vmuls_1, b, q * 64, mask)
# CHECK-NOT: remaining
