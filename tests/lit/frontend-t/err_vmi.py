# Hand-written VMI in T syntax is outside the subset (write it in the pl dialect).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # CHECK: {{.*}}err_vmi.py:[[@LINE+1]]:17: error: T.vmi.create_mask is not supported: hand-written VMI in T syntax is not part of ptoc's T subset
            m = T.vmi.create_mask(64)
        T.copy(b, B)
