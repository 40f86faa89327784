# T.reduce_* belongs to a later milestone: a diagnostic naming the construct.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        # CHECK: {{.*}}err_reduce.py:[[@LINE+1]]:9: error: T.reduce_max is not supported: cross-lane reduce is not supported (cross-lane reductions, T.reduce_*, belong to a later milestone: M3)
        T.reduce_max(a, b, dim=0)
        T.copy(b, B)
