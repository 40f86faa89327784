# Input of already_ssa.py: the same program in natural form differs structurally
# (proves that `ptoc equal` there can fail).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], use_max: pl.Scalar[pl.BOOL],
      n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i in pl.range(4):
        acc = pl.add(acc, pl.load(x, [i * 16, 0], [16, 64]))
    out = pl.store(acc, [0, 0], y)
    return out
