import pypto.language as pl

M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.Orchestration)
def f(a: pl.Tensor[[M, 64], pl.FP32]) -> pl.Scalar[pl.FP32]:
    # a dynamic axis sliced from 4 has no known extent (a whole axis `:` keeps M)
    s = a[4:, 0:16]
    return s
