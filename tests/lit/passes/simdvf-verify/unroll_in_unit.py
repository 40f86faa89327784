# T.unroll inside a unit: only T.serial loops are shells (seed §5.2).
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
                # CHECK: {{.*}}unroll_in_unit.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] loop structure: only T.serial loops inside T.Parallel are supported (found a unroll loop)
                for t in T.unroll(4):
                    b[i] = a[i]
        T.copy(b, B)
        T.copy(d, D)
