# Control flow inside a unit belongs to the next milestone (legalize-parallel).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}if_in_unit.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] loop structure: if/else inside T.Parallel is not supported yet (control flow belongs to the next milestone: legalize-parallel)
                if a[i] > 0.0:
                    b[i] = a[i]
                else:
                    b[i] = 0.0
        T.copy(b, B)
