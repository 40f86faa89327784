import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(x: pl.Scalar[pl.FP32], a: pl.Tensor[[x, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    return a
