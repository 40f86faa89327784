# A shape that is not a compile-time constant (an unfilled factory parameter).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
# CHECK: {{.*}}err_unknown_shape.py:[[@LINE+1]]:23: error: tensor dimensions must be positive compile-time constants
def main(A: T.Tensor((N,), "float32")):
    with T.Kernel(1):
        pass
