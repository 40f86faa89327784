# T.min / T.max: compare + select after legalize-parallel (min(a, b) = select(a < b, a, b)).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/../simdvf-control/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# T.max / T.min become select (NaN / signed-zero semantics differ from the element-level
# op by design, docs/passes/legalize-parallel.md): on the chosen inputs the vectorized
# program is checked bit-exactly against the legalized one.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel > %t.legal.py
# RUN: %ptoc check %t.legal.py --passes=eliminate-simdvf-roundtrip,vectorize-parallel,verify-codegen-legality --rtol 0 --atol 0 --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((256,), "float32"),
         B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(200):
                b[i] = T.min(T.max(a[i], -6.0), 6.0)
        T.copy(b, B)
# The constant broadcasts are made once, before the chunk loop.
# CHECK: vbrc_2: pl.VReg[128, pl.FP32] = pl.vmi.vbrc(-6.0, size=128)
# CHECK-NEXT: vbrc_5: pl.VReg[128, pl.FP32] = pl.vmi.vbrc(6.0, size=128)
# CHECK: for q in pl.range(2):
# CHECK-NOT: vbrc
# CHECK: vcmps_1: pl.Mask[128] = pl.vmi.vcmps(vload_0, -6.0, mask, cmp="gt")
# CHECK: vsel_3: pl.VReg[128, pl.FP32] = pl.vmi.vsel(vcmps_1, vload_0, vbrc_2)
# CHECK: vcmps_4: pl.Mask[128] = pl.vmi.vcmps(vsel_3, 6.0, mask, cmp="lt")
# CHECK: pl.vmi.vsel(vcmps_4, vsel_3,
