import pypto.language as pl

M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.Orchestration)
def f(a: pl.Tensor[[M, 64], pl.FP32], b: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[M, 64], pl.FP32]:
    # the sum of two dynamic tensors has no static shape to deduce
    c = pl.add(a, b)
    return c
