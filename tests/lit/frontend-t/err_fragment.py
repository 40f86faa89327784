# Fragment buffers belong to a later milestone.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        # CHECK: {{.*}}err_fragment.py:[[@LINE+1]]:13: error: T.alloc_fragment is not supported: fragment access is rejected on this branch (fragment buffers / slot storage belong to a later milestone: M4)
        f = T.alloc_fragment((128,), "float32")
        T.copy(b, B)
