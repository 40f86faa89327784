# A thread-binding loop inside a SIMD_VF region (seed §5.2): the region's lanes are its
# T.Parallel loops. Rejected by the T front end with the seed's message.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}thread_binding.py:[[@LINE+2]]:13: error: thread bindings are not allowed inside a converting SIMD_VF block (found ThreadBinding loop on `x` bound to threadIdx.x)
            # CHECK: hint: the lanes of a SIMD_VF region are its T.Parallel loops
            for x in T.thread_binding(64, thread="threadIdx.x"):
                for i in T.Parallel(128):
                    b[i] = a[i]
        T.copy(b, B)
