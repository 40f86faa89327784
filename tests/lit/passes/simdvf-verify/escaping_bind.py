# A value bound inside a unit has one value per lane: reading it after the unit is rejected.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(128):
                v = a[i] * 2.0
                b[i] = v
        # CHECK: {{.*}}escaping_bind.py:[[@LINE+1]]:9: error: [VerifyParallelToPTO] expression: `v` is bound inside a T.Parallel unit and read after it (a per-lane value has no single value outside its unit) [at region #0, unit #0 (loop var `i`, extent 128, lanes 64)]
        b[0] = v
        T.copy(b, B)
