# Plan A, sibling carriers (seed §2.5): two loops one after the other, each carrying its own
# buffer, are each hoisted out with a region per iteration; the unit between them has its own
# region. More than one carrier: Plan A even though `b` alone would fit Plan B.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 512 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# T.max / T.min become select (NaN / signed-zero semantics differ from the element-level
# op by design, docs/passes/legalize-parallel.md): on the chosen inputs the vectorized
# program is checked bit-exactly against the legalized one.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel > %t.legal.py
# RUN: %ptoc check %t.legal.py --passes=eliminate-simdvf-roundtrip,vectorize-parallel,verify-codegen-legality --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 11 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), X_init: T.Tensor((64,), "float32"), X: T.Tensor((64,), "float32"),
         Y_init: T.Tensor((128,), "float32"), Y: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        b = T.alloc_shared((64,), "float32")
        y = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(X_init, b)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                b[i] = 0.0
            for t in T.serial(4):
                for i in T.Parallel(64):
                    b[i] = b[i] + a[t * 64 + i]
            for i in T.Parallel(128):
                y[i] = y[i] + 1.0
            for t in T.serial(2):
                for i in T.Parallel(128):
                    y[i] = T.max(y[i], a[t * 128 + i])
        T.copy(b, X)
        T.copy(y, Y)
# CHECK-NOT: _carry
# CHECK: for t in pl.range(4):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: with pl.simd_vf(lanes=64):
# CHECK: vadds
# CHECK: for t_1 in pl.range(2):
# CHECK-NEXT: with pl.simd_vf(lanes=64):
# CHECK: vsel
