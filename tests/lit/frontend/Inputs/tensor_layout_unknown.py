import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(a: pl.Tensor[[16, 64], pl.FP32, pl.ZN]) -> pl.Tensor[[16, 64], pl.FP32]:
    return a
