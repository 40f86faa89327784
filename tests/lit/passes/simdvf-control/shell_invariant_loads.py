# Loop-invariant vloads leave the loop shell: a[i] and c[i] (buffers the loop does not write, at
# addresses that do not depend on t) are loaded once before the loop; a[t * 64 + i] stays inside
# it, loaded once per iteration: the store to d (another allocation) does not invalidate it. The
# alloc_var running max keeps its register.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 448 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 192 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# T.max / T.min become select (NaN / signed-zero semantics differ from the element-level
# op by design, docs/passes/legalize-parallel.md): on the chosen inputs the vectorized
# program is checked bit-exactly against the legalized one.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel > %t.legal.py
# RUN: %ptoc check %t.legal.py --passes=eliminate-simdvf-roundtrip,vectorize-parallel,verify-codegen-legality --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((448,), "float32"), C: T.Tensor((192,), "float32"),
         B_init: T.Tensor((192,), "float32"), B: T.Tensor((192,), "float32"),
         D_init: T.Tensor((192,), "float32"), D: T.Tensor((192,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((448,), "float32")
        c = T.alloc_shared((192,), "float32")
        b = T.alloc_shared((192,), "float32")
        d = T.alloc_shared((192,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                m = T.alloc_var("float32", -1000.0)
                for t in T.serial(4):
                    d[i] = a[t * 64 + i] * 2.0
                    m = T.max(m, a[i] * c[i] + a[t * 64 + i])
                b[i] = m
        T.copy(b, B)
        T.copy(d, D)
# CHECK: m_lane: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(-1000.0, size=64)
# CHECK-NEXT: pl.vmi.vload(a, q * 64, size=64)
# CHECK-NEXT: pl.vmi.vload(c, q * 64, size=64)
# CHECK-NEXT: for t in pl.range(4):
# CHECK-NEXT: pl.vmi.vload(a, t * 64 + q * 64, size=64)
# CHECK-NOT: pl.vmi.vload
# CHECK: pl.vmi.vstore({{.*}}, d, q * 64, mask)
# CHECK-NOT: pl.vmi.vload
# CHECK: pl.vmi.vstore(m_lane, b, q * 64, mask)
