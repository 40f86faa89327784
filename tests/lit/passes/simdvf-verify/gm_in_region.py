# GM accessed from a region: stage it through UB.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
# (The T front end reports it: the pl form cannot index a tensor.)
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}gm_in_region.py:[[@LINE+1]]:{{[0-9]+}}: error: SIMD_VF block must not access GM directly (buffer `A` has scope global); stage through UB first
                b[i] = A[i] + a[i]
        T.copy(b, B)
