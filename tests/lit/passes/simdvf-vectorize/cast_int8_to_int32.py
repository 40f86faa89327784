# int8 -> int32 widening.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "int8"), B_init: T.Tensor((128,), "int32"),
         B: T.Tensor((128,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "int8")
        b = T.alloc_shared((128,), "int32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                b[i] = T.Cast("int32", a[i]) + 1
        T.copy(b, B)
# CHECK: pl.VReg[128, pl.INT8] = pl.vmi.vload(a, 0, size=128)
# CHECK: pl.vmi.vcvt(vload_0, to_dtype=pl.INT32)
