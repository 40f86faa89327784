# A kernel over a tensor with a dynamic dimension M (docs/simulator.md "Dynamic
# dimensions") runs on two sizes: M comes from the input file's shape (48 rows) or from
# --dim M=32 (random inputs); numpy recomputes the outputs both times.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen dyn_rows %t/in48 48
# RUN: %ptoc run %s --inputs %t/in48 --out %t/out48 | FileCheck %s --check-prefix=FILE
# RUN: %python %S/Inputs/sim_expect.py check dyn_rows %t/in48 %t/out48
# FILE: ran scale in {{.*}}; inputs: x (file), y (zeros); wrote y.npy, return_0.npy
# RUN: %ptoc run %s --dim M=32 --out %t/out32 | FileCheck %s --check-prefix=DIM
# DIM: ran scale in {{.*}}; inputs: x (random), y (zeros) [seed 0]; wrote y.npy, return_0.npy
# RUN: %python %S/Inputs/sim_expect.py shape %t/out32/y.npy 32,64
#
# Input errors: a dim bound twice with two sizes, a dim without a size, an unknown --dim
# name and a malformed --dim.
# RUN: not %ptoc run %s --inputs %t/in48 --dim M=32 2>&1 | FileCheck %s --check-prefix=TWICE
# TWICE: dynamic_dims.py:[[@LINE+18]]:{{[0-9]+}}: error: dimension 'M' is 32 from --dim M=32 but 48 from input 'x' ({{.*}}x.npy axis 0)
# TWICE: hint: give every input the same size for one dynamic dimension
# RUN: not %ptoc run %s 2>&1 | FileCheck %s --check-prefix=UNBOUND
# UNBOUND: dynamic_dims.py:[[@LINE+15]]:{{[0-9]+}}: error: axis 0 of parameter 'x' (Tensor{{\[\[}}M, 64], FP32]) has no size: M is not bound
# UNBOUND: hint: pass --dim M=SIZE, or give x.npy in the --inputs directory
# RUN: not %ptoc run %s --dim K=8 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: error: --dim K=8: the parameters of 'scale' have no dynamic dimension 'K'
# UNKNOWN: hint: its dynamic dimensions: M
# RUN: not %ptoc run %s --dim M=0 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: --dim 'M=0' is not NAME=SIZE with a positive SIZE
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class DynRows:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[M, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        rows: pl.Scalar[pl.INDEX] = pl.tensor.dim(x, 0)
        for i, (acc,) in pl.range(0, rows, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            u = pl.add(pl.mul(t, 2.0), 1.0)
            acc2 = pl.store(u, [i, 0], acc)
            out = pl.yield_(acc2)
        return out
