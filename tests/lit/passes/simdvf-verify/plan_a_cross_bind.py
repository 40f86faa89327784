# Plan A fail-closed (seed §5.2, cross-statement bind): `k` is bound before the carried loop and
# read only by the unit after it. The split puts the bind and the reader in two regions; the bound
# value cannot cross the boundary. Rejected at the reading statement, no fallback.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "float32"), Y_init: T.Tensor((128,), "float32"), Y: T.Tensor((128,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "float32")
        y = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64):
            k = a[0] * 2.0
            for t in T.serial(4):
                for i in T.Parallel(128):
                    y[i] = y[i] + a[t * 128 + i]
            for i in T.Parallel(128):
                # CHECK: {{.*}}plan_a_cross_bind.py:[[@LINE+1]]:17: error: [VectorizeParallelToPTO] loop shell: cross-statement bind: `k` is bound at region level and read by a statement that the vecscope split (Plan A) puts in another region; a bound value cannot cross a region boundary (bind it next to its use, or before the SIMD_VF region) (fail-closed) [at region #0 (lanes 64)]
                y[i] = y[i] * k
        T.copy(y, Y)
