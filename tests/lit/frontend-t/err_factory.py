# A kernel factory (a Python function returning the kernel) must be called with its parameters
# filled in: ptoc reads the kernel, not the Python around it.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


# CHECK: {{.*}}err_factory.py:[[@LINE+2]]:1: error: function 'make' is not a @T.prim_func kernel
# CHECK: hint: a kernel factory must be called: write the kernel with its parameters filled in
def make(n):
    @T.prim_func
    def main(A: T.Tensor((n,), "float32")):
        with T.Kernel(1):
            pass
    return main
