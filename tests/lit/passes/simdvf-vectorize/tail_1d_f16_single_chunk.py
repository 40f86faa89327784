# A tail unit with one chunk (100 fp16 elements, 128 lanes): a constant prefix mask,
# no counter, no chunk loop.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float16"), B_init: T.Tensor((128,), "float16"),
         B: T.Tensor((128,), "float16")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float16")
        b = T.alloc_shared((128,), "float16")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(100):
                b[i] = a[i] * a[i] + a[i]
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=128):
# CHECK-NEXT: mask: pl.Mask[128] = pl.vmi.create_mask(pl.const(100, pl.INT32), size=128)
# CHECK-NEXT: vload_0: pl.VReg[128, pl.FP16] = pl.vmi.vload(a, 0, size=128)
# CHECK-NOT: remaining
# CHECK-NOT: pl.range
# CHECK: pl.vmi.vstore({{.*}}, b, 0, mask)
