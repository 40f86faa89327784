# Out of scope (seed §5.3, M3): a cross-lane reduce inside a SIMD_VF region.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}oos_reduce.py:[[@LINE+1]]:13: error: T.reduce_sum is not supported: cross-lane reduce is not supported
            T.reduce_sum(a, b, dim=0)
        T.copy(b, B)
