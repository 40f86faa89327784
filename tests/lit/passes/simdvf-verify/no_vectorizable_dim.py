# A 2-D unit whose accesses are continuous along neither loop.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}no_vectorizable_dim.py:[[@LINE+1]]:13: error: [PTO layout inference] layout: the 2D unit has no vectorizable dimension (M=4, N=4, L=64): inner (j) -> buffer `b`: cannot prove{{.*}}; outer (i) -> buffer `b`: cannot prove
            for i, j in T.Parallel(4, 4):
                b[i * 8 + j * 16] = a[i + j]
        T.copy(b, B)
