# A launch_thread (thread_extent) binding inside a SIMD_VF region (seed §5.2).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}thread_extent.py:[[@LINE+2]]:18: error: thread bindings are not allowed inside a converting SIMD_VF block (found `thread_extent` on binding `x`)
            # CHECK: hint: the lanes of a SIMD_VF region are its T.Parallel loops
            with T.launch_thread("threadIdx.x", 64) as x:
                for i in T.Parallel(128):
                    b[i] = a[i]
        T.copy(b, B)
