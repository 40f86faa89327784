import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[8, 8], pl.FP32], y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
      z: pl.Out[pl.Tensor[[8, 8], pl.FP32]]) -> tuple[pl.Tensor[[8, 8], pl.FP32], pl.Tensor[[8, 8], pl.FP32]]:
    y = pl.store(pl.load(x, [0, 0], [8, 8]), [0, 0], y)
    return (y, z, y)
