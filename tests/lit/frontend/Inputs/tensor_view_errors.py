import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(
    a: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[1], layout=pl.TensorLayout.ND)],
) -> pl.Tensor[[16, 64], pl.FP32]:
    return a
