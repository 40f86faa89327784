# A 3-layer T.Parallel nest: the layout inference rejects it.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            # CHECK: {{.*}}three_layers.py:[[@LINE+1]]:13: error: [PTO layout inference] a T.Parallel nest with 3 layers is not supported
            for i, j, k in T.Parallel(2, 2, 64):
                b[i * 128 + j * 64 + k] = a[i * 128 + j * 64 + k]
        T.copy(b, B)
