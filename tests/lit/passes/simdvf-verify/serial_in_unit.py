# A loop inside a unit (milestone 2: loop shells).
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
                # CHECK: {{.*}}serial_in_unit.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] loop structure: loops (serial/pipelined/while) inside T.Parallel are not supported in the first version
                for k in T.serial(2):
                    b[i] = a[i]
        T.copy(b, B)
