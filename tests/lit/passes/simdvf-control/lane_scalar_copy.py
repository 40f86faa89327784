# A per-lane scalar copied into another right after its last assignment (w = v): the copy is
# a register move; v keeps its own register (the old converter moved v's last assignment into
# w's register, found by the control-flow campaign with value arms).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
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
                w = c[i]
                v = a[i]
                v = v * 2.0
                w = v
                b[i] = v + w
                d[i] = w
        T.copy(b, B)
        T.copy(d, D)
# CHECK: v_lane: pl.VReg[64, pl.FP32] = pl.vmi.vmuls(v_lane, 2.0, mask)
# CHECK-NEXT: w_lane: pl.VReg[64, pl.FP32] = v_lane
# CHECK-NEXT: pl.vmi.vadd(v_lane, w_lane, mask)
