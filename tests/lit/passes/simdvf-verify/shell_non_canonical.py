# A loop shell whose body reads and writes a buffer without the canonical carry shape (two
# stores): fail-closed (seed §5.2).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32")):
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
                b[i] = 0.0
                for t in T.serial(4):
                    # CHECK: {{.*}}shell_non_canonical.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] loop shell: the body of a T.serial inside T.Parallel must be the canonical carry
                    b[i] = b[i] + a[i]
                    d[i] = b[i]
        T.copy(b, B)
        T.copy(d, D)
