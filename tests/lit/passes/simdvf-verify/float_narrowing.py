# fp32 -> fp16 has no proven VMI conversion (the cast plan).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float16")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float16")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}float_narrowing.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] dtype: Cast float32 -> float16 has no proven VMI-equivalent conversion: float narrowing has no validated rounding semantics
                b[i] = T.Cast("float16", a[i])
        T.copy(b, B)
