# Run alone, verify-parallel rejects a 3-layer nest too.
# RUN: not %ptoc opt %s --passes=verify-parallel 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            # CHECK: {{.*}}three_layers_verify.py:[[@LINE+1]]:13: error: [VerifyParallelToPTO] loop structure: three or more nested parallel layers are not supported in the first version
            for i, j, k in T.Parallel(2, 2, 64):
                b[i * 128 + j * 64 + k] = a[i * 128 + j * 64 + k]
        T.copy(b, B)
