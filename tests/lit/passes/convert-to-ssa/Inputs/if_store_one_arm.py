# Input of err_undefined_after_if.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    y = pl.store(t, [0, 0], y)
    if flag:
        r = pl.store(pl.exp(t), [0, 0], y)
    # the use
    return r
