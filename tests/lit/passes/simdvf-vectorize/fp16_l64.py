# fp16 with 64 lanes (half a register).
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
        with T.SimdVF(lanes=64):
            for i in T.Parallel(96):
                b[i] = a[i] * 0.5 + a[i]
        T.copy(b, B)
# CHECK: pl.const(96, pl.INT32)
# CHECK: pl.VReg[64, pl.FP16] = pl.vmi.vload(a, q * 64, size=64)
# CHECK: pl.vmi.vmuls(vload_0, pl.const(0.5, pl.FP16), mask)
