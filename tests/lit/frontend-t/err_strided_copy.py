# A strided copy is a gather (milestone 5).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        # CHECK: {{.*}}err_strided_copy.py:[[@LINE+1]]:24: error: T.copy of a strided slice is not supported (gather / stride != 1 belongs to a later milestone)
        T.copy(a[0:128:2], b[0:64])
        T.copy(b, B)
