# Lane-uniform values are made once where their inputs are known: the mask of a condition on
# the kept row j of a 2-D unit once per row (before the chunk loop q), the broadcast of a scalar
# parameter once per unit (before all loops).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 1024 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 1024 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 5 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((1024,), "float32"), C: T.Tensor((1024,), "float32"),
         B_init: T.Tensor((1024,), "float32"), B: T.Tensor((1024,), "float32"), s: T.float32):
    with T.Kernel(1):
        a = T.alloc_shared((1024,), "float32")
        c = T.alloc_shared((1024,), "float32")
        b = T.alloc_shared((1024,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for j, i in T.Parallel(4, 256):
                if j < 2:
                    b[j * 256 + i] = T.Select(a[j * 256 + i] > c[j * 256 + i], a[j * 256 + i], s)
                else:
                    b[j * 256 + i] = c[j * 256 + i]
        T.copy(b, B)
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NEXT: mask: pl.Mask[64] = pl.vmi.create_mask(pl.const(64, pl.INT32), size=64)
# CHECK-NEXT: vbrc_{{[0-9]+}}: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(s, size=64)
# CHECK-NEXT: for j in pl.range(4):
# CHECK-NEXT: mask_{{[0-9]+}}: pl.Mask[64] = pl.vmi.create_mask(pl.select(pl.cast(j, pl.INT32) < pl.const(2, pl.INT32),
# CHECK-NEXT: for q in pl.range(4):
# CHECK-NOT: pl.vmi.create_mask(
# CHECK-NOT: pl.vmi.vbrc(
# CHECK: pl.vmi.vstore(
