# A function parameter assigned inside an if arm of a unit: one scalar for all lanes.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32"), s: T.float32):
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
                if a[i] > 0.0:
                    # CHECK: {{.*}}value_param.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] expression: `s` is a parameter of the function and assigned inside a T.Parallel unit (one value per lane cannot update a scalar shared by all lanes; bind a new name inside the unit)
                    s = a[i]
                b[i] = s
        T.copy(b, B)
        T.copy(d, D)
