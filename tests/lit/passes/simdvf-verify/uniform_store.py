# A lane-uniform store of a uniform value is not supported either (milestone 1).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}uniform_store.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] memory access: buffer `b`: lane-uniform stores are not supported in the first version
                b[3] = a[7]
        T.copy(b, B)
