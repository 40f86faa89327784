# T.infinity and its negation are uniform constants, broadcast once.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B_init: T.Tensor((128,), "float32"),
         B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                b[i] = T.max(a[i], -T.infinity("float32"))
        T.copy(b, B)
# max(a, -inf) is select(a > -inf, a, -inf) after legalize-parallel.
# CHECK: pl.vmi.vbrc(-pl.const("inf", pl.FP32), size=128)
# CHECK: pl.vmi.vcmps(vload_0, -pl.const("inf", pl.FP32), mask, cmp="gt")
# CHECK: pl.vmi.vsel(vcmps_1, vload_0, vbrc_2)
