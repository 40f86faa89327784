# The canonical carry in a loop shell: seed store right before the loop, one same-index
# read-modify-write; the carried value is a register (b_carry) with one write-back after the loop
# and no vload / vstore of b inside it.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 256 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 256 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
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
                b[i] = 0.0
                for t in T.serial(4):
                    b[i] = b[i] * 0.5 + a[i]
        T.copy(b, B)
        T.copy(d, D)
# The loop-invariant a[i] is loaded once, before the loop.
# CHECK: b_carry: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(0.0, size=64)
# CHECK-NEXT: [[A:vload_[0-9]+]]: pl.VReg[64, pl.FP32] = pl.vmi.vload(a, q * 64, size=64)
# CHECK-NEXT: for t in pl.range(4):
# CHECK-NOT: pl.vmi.vload
# CHECK: b_carry: pl.VReg[64, pl.FP32] = pl.vmi.vadd({{.*}}, [[A]], mask)
# CHECK-NEXT: pl.vmi.vstore(b_carry, b, q * 64, mask)
