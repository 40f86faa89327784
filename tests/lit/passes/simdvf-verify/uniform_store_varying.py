# A lane-varying value stored to a lane-uniform address.
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
                # CHECK: {{.*}}uniform_store_varying.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] memory access: buffer `b`: a lane-varying value stored to a lane-uniform address; lane-uniform stores are not supported in the first version [at region #0, unit #0 (loop var `i`, extent 128, lanes 128)]
                b[0] = a[i]
        T.copy(b, B)
