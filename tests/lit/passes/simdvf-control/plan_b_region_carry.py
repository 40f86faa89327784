# Plan B (seed §2.5): a region-level T.serial around a unit, carrying a buffer exactly one lane
# vector wide with a lane-invariant seed: the seed unit becomes one broadcast, the loop updates
# the register, one vstore writes it back after the loop, and the unit after the loop reads the
# register. No vload / vstore of acc is left inside the loop.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 7 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((64,), "float32"),
         B: T.Tensor((64,), "float32"), Y_init: T.Tensor((256,), "float32"), Y: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        acc = T.alloc_shared((64,), "float32")
        y = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, acc)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                acc[i] = 0.0
            for t in T.serial(4):
                for i in T.Parallel(64):
                    acc[i] = acc[i] + a[t * 64 + i]
            for i in T.Parallel(64):
                y[i] = acc[i] * 2.0
        T.copy(acc, B)
        T.copy(y, Y)
# CHECK: acc_carry: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(0.0, size=64)
# CHECK-NEXT: for t in pl.range(4):
# CHECK-NOT: acc,
# CHECK: acc_carry: pl.VReg[64, pl.FP32] = pl.vmi.vadd(acc_carry, vload_0, mask)
# CHECK-NEXT: pl.vmi.vstore(acc_carry, acc, 0, mask)
# CHECK-NEXT: pl.vmi.vmuls(acc_carry, 2.0, mask)
