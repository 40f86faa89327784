# Out of scope (seed §5.3, M4): fragment buffers in a SIMD_VF kernel.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        # CHECK: {{.*}}oos_fragment.py:[[@LINE+1]]:13: error: T.alloc_fragment is not supported: fragment access is rejected on this branch
        f = T.alloc_fragment((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(128):
                f[i] = a[i]
        T.copy(f, B)
