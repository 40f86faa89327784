# PyPTO's read / write take a bare integer as the index of a 1-D access: it is the one-element
# index list (printed as a list); a rank-2 tensor still needs one index per axis.
# RUN: split-file %s %t
# RUN: %ptoc fmt %t/ok.py | FileCheck %s
# CHECK: v: pl.Scalar[pl.INT32] = pl.tensor.read(b, [i])
# CHECK: w: pl.Scalar[pl.INT32] = pl.tensor.read(b, [3])
# RUN: %ptoc fmt %t/ok.py > %t/canon.py && %ptoc fmt %t/canon.py | diff - %t/canon.py
# RUN: not %ptoc fmt %t/bad.py 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: bad.py:4:27: error: tensor.read needs 2 index(es) for a tensor of rank 2, got 1

#--- ok.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.Orchestration)
def f(b: pl.Tensor[[8], pl.INT32], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
    v = pl.read(b, i)
    w = pl.tensor.read(b, 3)
    return v
#--- bad.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.Orchestration)
def f(x: pl.Tensor[[4, 8], pl.INT32]) -> pl.Scalar[pl.INT32]:
    w = pl.tensor.read(x, 1)
    return w
