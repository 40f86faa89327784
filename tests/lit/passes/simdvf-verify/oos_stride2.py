# Out of scope (seed §5.3, M5): stride != 1 (a strided load is neither continuous nor
# lane-uniform).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                # CHECK: {{.*}}oos_stride2.py:[[@LINE+1]]:24: error: [VerifyParallelToPTO] memory access: buffer `a`: cannot prove the address is continuous (data_offset == start + lane over the full lane range) or lane-uniform; first version supports only these two patterns
                b[i] = a[i * 2]
        T.copy(b, B)
