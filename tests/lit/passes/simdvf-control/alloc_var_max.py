# A per-lane scalar (T.alloc_var inside the unit) m = max(m, v) in a shell: a lane vector
# m_lane, the scalar seed broadcast, the value stays in registers.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# T.max / T.min become select (NaN / signed-zero semantics differ from the element-level
# op by design, docs/passes/legalize-parallel.md): on the chosen inputs the vectorized
# program is checked bit-exactly against the legalized one.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel > %t.legal.py
# RUN: %ptoc check %t.legal.py --passes=eliminate-simdvf-roundtrip,vectorize-parallel,verify-codegen-legality --inputs %t.in | FileCheck %s --check-prefix=OK
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
                m = T.alloc_var("float32", -1000.0)
                for t in T.serial(3):
                    m = T.max(m, a[i] * (t + 1))
                b[i] = m
        T.copy(b, B)
        T.copy(d, D)
# CHECK: m_lane: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(-1000.0, size=64)
# CHECK: m_lane: pl.VReg[64, pl.FP32] = pl.vmi.vsel(
# CHECK: pl.vmi.vstore(m_lane, b,
