# A T.Parallel under a region-level while loop (seed §5.2: "T.Parallel under if/while").
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"), n: T.int32):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            while n > 0:
                # CHECK: {{.*}}parallel_under_while.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] loop structure: T.Parallel under a while loop is not yet supported [at region #0 (lanes 128)]
                for i in T.Parallel(128):
                    b[i] = a[i]
        T.copy(b, B)
