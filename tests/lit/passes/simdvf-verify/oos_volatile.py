# A volatile_scope attribute inside a converting region (seed §5.3: volatile buffers are out
# of scope): rejected by the T front end with the seed's message.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}oos_volatile.py:[[@LINE+2]]:18: error: volatile_scope attribute inside a converting region marks accesses volatile; volatile accesses are not supported in the first version
            # CHECK: hint: stage the volatile data through a plain UB buffer
            with T.attr(a, "volatile_scope", 1):
                for i in T.Parallel(128):
                    b[i] = a[i]
        T.copy(b, B)
