# A file of top-level @pl.function's (no class): an InCore SiLU kernel and an Orchestration entry calling it with a bare f(args).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def silu(x: pl.Tensor[[16, 128], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 128])
    e = pl.tile.exp(pl.tile.neg(t))
    sig = pl.tile.recip(pl.tile.adds(e, 1.0))
    y = pl.mul(t, sig)
    out = pl.store(y, [0, 0], out)
    return out


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 128], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    out = silu(x, out)
    return out
