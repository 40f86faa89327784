# Loads read whole chunks: a compact 150-element buffer cannot feed a 128-lane tail.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((150,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((150,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(150):
                # CHECK: {{.*}}unpadded_load.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] memory access: buffer `a`: a vector load reads elements up to 256 but the buffer has 150; loads read whole chunks, so the vectorized dimension must be padded to ceil(E/L)*L = 256
                b[i] = a[i] + 1.0
        T.copy(b, B)
