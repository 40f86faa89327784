# Branches on scalar parameters (a BOOL and an INDEX read from 0-d .npy files), natural
# (non-SSA) code: each arm re-assigns the tile. Both paths are run and checked.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen scalar_branch %t/a relu_k3
# RUN: %ptoc run %s --inputs %t/a --out %t/a.out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check scalar_branch %t/a %t/a.out
# RUN: %python %S/Inputs/sim_expect.py gen scalar_branch %t/b neg_k1
# RUN: %ptoc run %s --inputs %t/b --out %t/b.out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check scalar_branch %t/b %t/b.out
# CHECK: ran branchy in {{.*}}; inputs: x (file), relu (file), k (file), y (zeros); wrote y.npy, return_0.npy
import pypto.language as pl


@pl.program
class Branchy:
    @pl.function(type=pl.FunctionType.InCore)
    def branchy(self, x: pl.Tensor[[16, 64], pl.FP32], relu: pl.Scalar[pl.BOOL], k: pl.Scalar[pl.INDEX],
                y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        if relu:
            t = pl.relu(t)
        else:
            t = pl.mul(t, -1.0)
        if k > 2:
            t = pl.add(t, 1.0)
        y = pl.store(t, [0, 0], y)
        return y
