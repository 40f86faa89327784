# `ptoc run` simulates a T kernel; inputs and outputs are named after the source parameters,
# and B (written by T.copy and read before) is pl.InOut.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %ptoc run %s --out %t | FileCheck %s
# RUN: test -f %t/B.npy
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(B, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(100):
                b[i] = a[i] + b[i]
        T.copy(b, B)
# CHECK: ran main in {{.*}}; inputs: A (random), B (random) [seed 0]; wrote B.npy to
# FMT: B: pl.InOut[pl.Tensor{{\[\[}}128], pl.FP32{{\]\]}}
