# BF16 and BOOL through .npy files: BF16 arrays are '<u2' raw bits in and out (numpy has no
# bfloat16); a BOOL scalar is a 0-d '|b1' array; a scalar return is written as a 0-d array.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen bf16_io %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check bf16_io %t/in %t/out
# CHECK: ran scale in {{.*}}; inputs: x (file), flag (file), y (zeros); wrote y.npy, return_0.npy, return_1.npy
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[4, 16], pl.BF16], flag: pl.Scalar[pl.BOOL],
          y: pl.Out[pl.Tensor[[4, 16], pl.BF16]]) -> tuple[pl.Tensor[[4, 16], pl.BF16], pl.Scalar[pl.BOOL]]:
    t = pl.load(x, [0, 0], [4, 16])
    y = pl.store(pl.adds(pl.muls(t, 2.0), 0.5), [0, 0], y)
    return y, not flag
