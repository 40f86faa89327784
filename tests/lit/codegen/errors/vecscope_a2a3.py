# A SIMD-VF region needs vector registers: A2/A3 is refused at the region.
# RUN: not %ptoc compile %s --arch=a2a3 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def axpy(X: pl.Tensor[[256], pl.FP32], Y: pl.InOut[pl.Tensor[[256], pl.FP32]], a: pl.Scalar[pl.FP32]):
    x = pl.load(X, [0], [256], target_memory=pl.Mem.Vec)
    y = pl.load(Y, [0], [256], target_memory=pl.Mem.Vec)
    # CHECK: vecscope_a2a3.py:[[@LINE+2]]:5: error: a SIMD vector-function region needs a5 (A2/A3 has no vector registers)
    # CHECK: hint: compile with --arch=a5
    with pl.simd_vf(lanes=64):
        for i in pl.parallel(256):
            y[i] = a * x[i] + y[i]
    Y = pl.store(y, [0], Y)
