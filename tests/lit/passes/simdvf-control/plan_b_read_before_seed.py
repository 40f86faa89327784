# Plan B with a unit before the seed that reads the carried buffer: that unit reads the buffer in
# UB (the register does not exist yet), the units from the seed on use the register, and the
# write-back after the loop stays (found by simdvf_random.py --regions; before, the first unit
# read the register before its broadcast, which verify-codegen-legality now rejects).
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((64,), "float32"), B: T.Tensor((64,), "float32"),
         Y_init: T.Tensor((64,), "float32"), Y: T.Tensor((64,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        acc = T.alloc_shared((64,), "float32")
        y = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(B_init, acc)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                y[i] = acc[i] * 3.0
            for i in T.Parallel(64):
                acc[i] = 1.0
            for t in T.serial(4):
                for i in T.Parallel(64):
                    acc[i] = acc[i] * a[t * 64 + i]
        T.copy(acc, B)
        T.copy(y, Y)
# CHECK: pl.vmi.vload(acc, 0, size=64)
# CHECK: acc_carry: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(1.0, size=64)
# CHECK-NEXT: for t in pl.range(4):
# CHECK: pl.vmi.vstore(acc_carry, acc, 0, mask)
