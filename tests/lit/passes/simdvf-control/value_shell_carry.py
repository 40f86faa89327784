# A value carried through a loop shell by if / else (a running max written without
# T.alloc_var): v is assigned three times, so it is a per-lane scalar (a lane vector) and the
# arms merge into selects on it inside the loop.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 1024 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 1024 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 3 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((1024,), "float32"), C: T.Tensor((1024,), "float32"),
         B_init: T.Tensor((1024,), "float32"), B: T.Tensor((1024,), "float32"),
         D_init: T.Tensor((1024,), "float32"), D: T.Tensor((1024,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((1024,), "float32")
        c = T.alloc_shared((1024,), "float32")
        b = T.alloc_shared((1024,), "float32")
        d = T.alloc_shared((1024,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                v = -1000.0
                for t in T.serial(4):
                    if a[t * 150 + i] > v:
                        v = a[t * 150 + i]
                    else:
                        if c[i] > 0.0:
                            v = v + c[i]
                b[i] = v
        T.copy(b, B)
        T.copy(d, D)
# CHECK: v_lane: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(-1000.0, size=64)
# CHECK: for t in pl.range(4):
# CHECK: v_lane: pl.VReg[64, pl.FP32] = pl.vmi.vsel(
# CHECK-NEXT: pl.vmi.vstore(v_lane, b,
