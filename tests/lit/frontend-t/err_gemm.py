# T.gemm is not part of the T subset.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        # CHECK: {{.*}}err_gemm.py:[[@LINE+1]]:9: error: T.gemm is not supported: T.gemm (cube matmul) is not part of ptoc's T subset
        T.gemm(a, a, b)
        T.copy(b, B)
