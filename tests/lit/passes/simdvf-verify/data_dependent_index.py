# An index read from a buffer is a data-dependent address.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), I: T.Tensor((128,), "int32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        idx = T.alloc_shared((128,), "int32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(I, idx)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}data_dependent_index.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] memory access: buffer `a`: bind alias chain in index is too deep, cyclic, or depends on a loaded value
                b[i] = a[idx[i]]
        T.copy(b, B)
