# A scalar minus a vector: the scalar is broadcast (vbrc) and vsub keeps the order.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((64,), "float32"), B_init: T.Tensor((64,), "float32"),
         B: T.Tensor((64,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((64,), "float32")
        b = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = 1.0 - a[i]
        T.copy(b, B)
# CHECK: vbrc_{{[0-9]+}}: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(1.0, size=64)
# CHECK: pl.vmi.vsub(vbrc_
