import pypto.language as pl

M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.Orchestration)
def f(a: pl.Tensor[[M, 64], pl.FP32]) -> pl.Scalar[pl.FP32]:
    # a whole dynamic axis has no static extent
    s = a[:, 0:16]
    return s
