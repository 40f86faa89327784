# Arithmetic on lane-varying FP8 is out of scope.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), T.float8_e4m3fn), B: T.Tensor((256,), T.float8_e4m3fn)):
    with T.Kernel(1):
        a = T.alloc_shared((256,), T.float8_e4m3fn)
        b = T.alloc_shared((256,), T.float8_e4m3fn)
        T.copy(A, a)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(256):
                # CHECK: {{.*}}fp8_arithmetic.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] dtype: vadd on lane-varying float8_e4m3fn is not supported (FP8 arithmetic is out of scope; convert to float32 explicitly first)
                b[i] = a[i] + a[i]
        T.copy(b, B)
