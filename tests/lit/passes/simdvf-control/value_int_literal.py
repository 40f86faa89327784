# An int32 value re-assigned a bare literal in an arm (v = -6): the literal takes v's type
# (one variable, not a new INDEX one), so the arms merge into v = select(c, -6, v).
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel | FileCheck %s --check-prefix=LEG
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "int32"), C: T.Tensor((256,), "int32"),
         B_init: T.Tensor((256,), "int32"), B: T.Tensor((256,), "int32"),
         D_init: T.Tensor((256,), "int32"), D: T.Tensor((256,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "int32")
        c = T.alloc_shared((256,), "int32")
        b = T.alloc_shared((256,), "int32")
        d = T.alloc_shared((256,), "int32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                v = d[i] + a[i]
                if b[i] <= d[i]:
                    v = -6
                else:
                    v = c[i] * 2
                d[i] = v
        T.copy(b, B)
        T.copy(d, D)
# FMT: v: pl.Scalar[pl.INT32] = pl.const(-6, pl.INT32)
# LEG: v: pl.Scalar[pl.INT32] = d[i] + a[i]
# LEG: v: pl.Scalar[pl.INT32] = pl.select(cond_0, pl.const(-6, pl.INT32), c[i] * pl.const(2, pl.INT32))
# LEG-NEXT: d[i] = v
