# A per-lane scalar assigned a bind right after the bind's computation (w = v, v bound once):
# w gets a copy; v keeps its register (the old converter renamed v's register to w, leaving v
# undefined: found by the control-flow campaign with value arms).
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
                v = a[i] * 2.0
                w = v
                b[i] = v + w
                d[i] = w
        T.copy(b, B)
        T.copy(d, D)
# CHECK: [[V:vmuls_[0-9]+]]: pl.VReg[64, pl.FP32] = pl.vmi.vmuls(
# CHECK-NEXT: w_lane: pl.VReg[64, pl.FP32] = [[V]]
# CHECK-NEXT: pl.vmi.vadd([[V]], w_lane, mask)
