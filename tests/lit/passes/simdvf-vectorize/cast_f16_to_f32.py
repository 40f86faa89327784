# A widening cast (fp16 -> fp32) goes through the cast plan: one vcvt.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float16"), B_init: T.Tensor((256,), "float32"),
         B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float16")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(150):
                b[i] = T.Cast("float32", a[i]) + T.Cast("float32", a[i])
        T.copy(b, B)
# CHECK: vload_0: pl.VReg[128, pl.FP16] = pl.vmi.vload(a, q * 128, size=128)
# CHECK-NEXT: vcvt_1: pl.VReg[128, pl.FP32] = pl.vmi.vcvt(vload_0, to_dtype=pl.FP32)
