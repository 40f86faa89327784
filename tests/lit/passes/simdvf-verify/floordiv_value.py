# An unsupported expression node in a value.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "int32"), B: T.Tensor((128,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "int32")
        b = T.alloc_shared((128,), "int32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}floordiv_value.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] expression: store value: unsupported expression node `floordiv`
                b[i] = a[i] // 2
        T.copy(b, B)
