# verify-parallel alone on a unit whose vectorized loop is the outer one: the
# layout (loop order) is missing.
# RUN: not %ptoc opt %s --passes=verify-parallel 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}outer_layout_missing.py:[[@LINE+1]]:13: error: [VerifyParallelToPTO] layout: the vectorized dimension of this 2-D unit is the outer loop `i`; run simdvf-layout-inference first
            for i, j in T.Parallel(64, 4):
                b[j * 64 + i] = a[j * 64 + i]
        T.copy(b, B)
