# One arm's extra write that reads the common write stays where it was (after b), not
# moved to the end: d[i] = select(c, b[i] * 2, d[i]) reads the new b.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
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
                    b[i] = a[i]
                    d[i] = b[i] * 2.0
                else:
                    b[i] = c[i]
        T.copy(b, B)
        T.copy(d, D)
# The new b is read from the register just stored (store-to-load forwarding), after the store.
# CHECK: pl.vmi.vstore([[B:vsel_[0-9]+]], b,
# CHECK-NOT: pl.vmi.vload(b,
# CHECK: pl.vmi.vmuls([[B]], 2.0, mask)
# CHECK: pl.vmi.vstore(vsel_{{[0-9]+}}, d,
