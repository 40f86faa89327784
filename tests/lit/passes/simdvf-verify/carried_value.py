# A value re-assigned inside a unit is a per-lane carry (milestone 2).
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
                v = a[i]
                # CHECK: {{.*}}carried_value.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] expression: `v` is assigned more than once in a T.Parallel unit (per-lane carried values belong to a later milestone)
                v = v * 2.0
                b[i] = v
        T.copy(b, B)
