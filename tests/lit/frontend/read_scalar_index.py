# pl.read / pl.write take one index as well as a list (PyPTO's flat access of a rank-1
# tensor or tile): the index is the list of that index. A rank-2 tensor still needs two.
# RUN: split-file %s %t
# RUN: %ptoc fmt %t/ok.py | FileCheck %s
# RUN: %ptoc fmt %t/ok.py > %t/ok.canon.py && %ptoc fmt %t/ok.canon.py | diff %t/ok.canon.py -
# RUN: not %ptoc fmt %t/rank2.py 2>&1 | FileCheck %s --check-prefix=RANK2
# CHECK: b: pl.Scalar[pl.INT32] = pl.tensor.read(idx, [i])
# CHECK: pl.tensor.write(idx, [i], b)
# RANK2: rank2.py:6:22: error: tensor.read needs 2 index(es) for a tensor of rank 2, got 1

#--- ok.py
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(idx: pl.Tensor[[8], pl.INT32], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
    b = pl.read(idx, i)
    pl.write(idx, i, b)
    return b
#--- rank2.py
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(idx: pl.Tensor[[8, 8], pl.INT32], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
    b = pl.read(idx, i)
    return b
