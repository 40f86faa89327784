# A value assigned in the if arms of a unit and read after the unit.
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
                if a[i] > 0.0:
                    v = a[i]
                else:
                    v = c[i]
                b[i] = v
            # CHECK: {{.*}}value_escapes.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] expression: `v` is bound inside a T.Parallel unit and read after it (a per-lane value has no single value outside its unit)
            d[0] = v
        T.copy(b, B)
        T.copy(d, D)
