# Plan A fail-closed (seed §2.5, §5.2, ambiguous multi-carrier): the region-level loop carries a
# scalar through iter_args (`k`) as well as buffer `y` through its unit. Plan B does not promote
# it (`y` is two lane vectors wide) and a split cannot carry the scalar across the region boundary
# of each iteration. Rejected at the loop, no fallback.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[512], pl.FP32], Y: pl.InOut[pl.Tensor[[128], pl.FP32]]):
    a = pl.load(A, [0], [512])
    y = pl.load(Y, [0], [128])
    with pl.simd_vf(lanes=64):
        # CHECK: {{.*}}plan_a_multi_carrier.py:[[@LINE+1]]:9: error: [VectorizeParallelToPTO] loop shell: ambiguous multi-carrier shape: the loop `t` carries scalar values (`k`, through iter_args) as well as buffer `y` through its units; Plan B does not promote it and the vecscope split (Plan A) cannot carry a scalar across the region boundary of each iteration (fail-closed) [at region #0 (lanes 64)]
        for t, (k,) in pl.range(4, init_values=(1.0,)):
            for i in pl.parallel(128):
                y[i] = y[i] + a[t * 128 + i] * k
            k2 = k * 2.0
            k = pl.yield_(k2)
    Y = pl.store(y, [0], Y)
