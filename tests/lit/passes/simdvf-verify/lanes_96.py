# T.SimdVF(lanes=96): the reference's front-end message.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        # CHECK: {{.*}}lanes_96.py:[[@LINE+1]]:29: error: T.SimdVF lanes must be one of (64, 128, 256), got 96
        with T.SimdVF(lanes=96):
            for i in T.Parallel(128):
                b[i] = a[i]
        T.copy(b, B)
