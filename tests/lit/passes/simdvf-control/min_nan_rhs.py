# T.min(1.0, nan) after legalize-parallel is select(a < c, a, c): nan (the IEEE-style
# element-level T.min of the source gives nan). The vectorized program is checked bit-exactly
# against the legalized one on these chosen inputs.
# RUN: rm -rf %t.in %t.out && %python %S/Inputs/npy.py write %t.in A f4 256 1.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 nan
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel > %t.legal.py
# RUN: FileCheck %s --check-prefix=LEGAL < %t.legal.py
# RUN: %ptoc check %t.legal.py --passes=vectorize-parallel,verify-codegen-legality --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc run %t.legal.py --inputs %t.in --out %t.out
# RUN: %python %S/Inputs/npy.py show %t.out/B.npy 2 | FileCheck %s --check-prefix=VAL
# RUN: %ptoc run %s --inputs %t.in --out %t.ieee
# RUN: %python %S/Inputs/npy.py show %t.ieee/B.npy 1 | FileCheck %s --check-prefix=IEEE
# OK: check ok
# VAL: 0: nan
# VAL-NEXT: 1: nan
# IEEE: 0: nan
# LEGAL: b[i] = pl.select(a[i] < c[i], a[i], c[i])
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
                b[i] = T.min(a[i], c[i])
        T.copy(b, B)
        T.copy(d, D)
