# break is not supported in a T kernel.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        for k in T.serial(4):
            # CHECK: {{.*}}err_break.py:[[@LINE+1]]:13: error: 'Break' is not supported in a T kernel
            break
        T.copy(b, B)
