# A loop inside an if arm (seed §5.2: arms are stores, nested ifs or no-ops; a value
# assignment is admitted and becomes a select, see simdvf-control/value_*.py).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), C: T.Tensor((256,), "float32"),
         B_init: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32"),
         D_init: T.Tensor((256,), "float32"), D: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        c = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        d = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B_init, b)
        T.copy(D_init, d)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                if a[i] > 0.0:
                    # CHECK: {{.*}}arm_non_store.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] control flow: If branch statements inside T.Parallel must be buffer stores, nested conditionals or no-ops (found a For statement)
                    for t in T.serial(2):
                        b[i] = b[i] + a[i]
        T.copy(b, B)
        T.copy(d, D)
