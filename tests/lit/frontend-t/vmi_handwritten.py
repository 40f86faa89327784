# Hand-written VMI in T syntax: T.vmi.X is pl.vmi.X, and a buffer element operand of vload /
# vstore is the buffer and its flat element offset. A region without T.Parallel is left to
# the programmer by every SIMD-VF pass, and the simulator runs it.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((2, 128), "float32"), B: T.Tensor((2, 128), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((2, 128), "float32")
        b = T.alloc_shared((2, 128), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            mask = T.vmi.create_mask(128, size=128)
            for r in T.serial(2):
                v = T.vmi.vload(a[r, 0], size=128)
                w = T.vmi.vadd(v, T.vmi.vbrc(T.float32(1.5), size=128), mask)
                T.vmi.vstore(w, b[r, 0], mask)
        T.copy(b, B)
# CHECK: mask: pl.Mask[128] = pl.vmi.create_mask(128, size=128)
# CHECK-NEXT: for r in pl.range(2):
# CHECK-NEXT: v: pl.VReg[128, pl.FP32] = pl.vmi.vload(a, r * 128 + 0, size=128)
# CHECK-NEXT: w: pl.VReg[128, pl.FP32] = pl.vmi.vadd(v, pl.vmi.vbrc(1.5, size=128), mask)
# CHECK-NEXT: pl.vmi.vstore(w, b, r * 128 + 0, mask)
