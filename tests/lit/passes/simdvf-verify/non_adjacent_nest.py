# A T.Parallel whose body mixes other statements with an inner T.Parallel.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}non_adjacent_nest.py:[[@LINE+2]]:17: error: [VerifyParallelToPTO] loop structure: a T.Parallel whose body mixes other statements with an inner T.Parallel (a non-adjacent nest) is not supported in the first version
            for i in T.Parallel(2):
                for j in T.Parallel(64):
                    b[i * 64 + j] = a[i * 64 + j]
                b[i] = a[i]
        T.copy(b, B)
