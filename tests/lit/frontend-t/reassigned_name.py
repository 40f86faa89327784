# A kernel-level name assigned once to a constant is a Python constant (folded); one assigned
# again (v = 0.0, then v = a[i] in an if arm) is a variable.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        k = 2.0
        with T.SimdVF(lanes=64):
            for i in T.Parallel(128):
                v = 0.0
                if a[i] > 0.0:
                    v = a[i]
                b[i] = v * k
        T.copy(b, B)
# CHECK: v: pl.Scalar[pl.FP32] = 0.0
# CHECK-NEXT: if a[i] > 0.0:
# CHECK-NEXT: v: pl.Scalar[pl.FP32] = a[i]
# CHECK-NEXT: b[i] = v * 2.0
