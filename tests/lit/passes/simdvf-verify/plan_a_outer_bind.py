# Plan A fail-closed (seed §2.5, §5.2): the carried loop reads `k`, bound at region level outside
# the loop. The split gives each iteration its own region; `k` would have to cross a region
# boundary. Rejected at the reading statement, no fallback.
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
                    # CHECK: {{.*}}plan_a_outer_bind.py:[[@LINE+1]]:21: error: [VectorizeParallelToPTO] loop shell: the carried loop `t` reads `k`, which is bound outside the loop in the same SIMD_VF region; the vecscope split (Plan A) gives each iteration its own region and a bound value cannot cross a region boundary (bind it inside the loop, or before the SIMD_VF region) (fail-closed) [at region #0 (lanes 64)]
                    y[i] = y[i] + a[t * 128 + i] * k
        T.copy(y, Y)
