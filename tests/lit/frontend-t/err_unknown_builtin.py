# An unknown T builtin is named, never reported as an unknown name.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}err_unknown_builtin.py:[[@LINE+2]]:24: error: T.exp2 is not supported by ptoc's T dialect
                # CHECK: hint: ptoc's T subset is listed in docs/dsl.md §6
                b[i] = T.exp2(a[i])
        T.copy(b, B)
