# A runtime-bound T.serial inside a unit (seed §5.2).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32"), n: T.int32):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        c = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        d = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                # CHECK: {{.*}}runtime_bound_serial.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] loop structure: T.serial loops inside T.Parallel must have constant bounds and a positive extent (got range(0, n, 1))
                for t in T.serial(n):
                    b[i] = a[i]
        T.copy(b, B)
        T.copy(d, D)
