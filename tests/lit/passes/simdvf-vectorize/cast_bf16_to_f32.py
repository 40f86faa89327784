# bf16 -> fp32 with T.cast(x, dtype) spelling, 64 lanes.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((64,), "bfloat16"), B_init: T.Tensor((64,), "float32"),
         B: T.Tensor((64,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((64,), "bfloat16")
        b = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = T.cast(a[i], "float32") * 2.0
        T.copy(b, B)
# CHECK: pl.vmi.vcvt(vload_0, to_dtype=pl.FP32)
# CHECK: pl.vmi.vmuls(vcvt_1, 2.0, mask)
