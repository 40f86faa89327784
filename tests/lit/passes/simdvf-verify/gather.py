# A gather (a[i * 2]) is neither continuous nor lane-uniform (milestone 5).
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
                # CHECK: {{.*}}gather.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] memory access: buffer `a`: cannot prove the address is continuous (data_offset == start + lane over the full lane range) or lane-uniform; first version supports only these two patterns [at region #0, unit #0 (loop var `i`, extent 128, lanes 128)]
                b[i] = a[i * 2]
        T.copy(b, B)
