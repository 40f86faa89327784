# vmul on int8 is outside the VMI operation matrix.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int8"), B: T.Tensor((256,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int8")
        b = T.alloc_shared((256,), "int8")
        T.copy(A, a)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(256):
                # CHECK: {{.*}}int8_mul.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] dtype: vmul on int8 elements is not supported by the VMI operation matrix in the first version
                b[i] = a[i] * a[i]
        T.copy(b, B)
