# The loop index as a float value needs an int -> float conversion.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                # CHECK: {{.*}}index_as_float.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] dtype: Cast int32 -> float32 has no proven VMI-equivalent conversion
                b[i] = a[i] + T.cast(i, "float32")
        T.copy(b, B)
