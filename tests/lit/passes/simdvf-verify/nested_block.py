# A nested block (a SIMD_VF scope) inside a unit (seed §5.2): the binder rejects the nesting
# first; vectorize-parallel's "nested blocks inside T.Parallel are not yet supported" covers IR
# built otherwise.
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
                # CHECK: {{.*}}nested_block.py:[[@LINE+1]]:{{[0-9]+}}: error: pl.simd_vf regions cannot nest
                with T.SimdVF(lanes=64):
                    b[i] = a[i]
        T.copy(b, B)
        T.copy(d, D)
