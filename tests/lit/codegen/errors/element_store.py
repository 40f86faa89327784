# An element store outside a SIMD-VF region has no PTO form.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(X: pl.Tensor[[64], pl.FP32], Y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    x = pl.load(X, [0], [64], target_memory=pl.Mem.Vec)
    # CHECK: element_store.py:[[@LINE+2]]:5: error: an element store of a tile has no PTO form
    # CHECK: hint: write it inside `with pl.simd_vf(lanes=L):`
    x[0] = 1.0
    Y = pl.store(x, [0], Y)
