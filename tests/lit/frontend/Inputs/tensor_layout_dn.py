import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 1], pl.FP32, pl.DN]) -> pl.Tensor[[16, 1], pl.FP32]:
    return x
