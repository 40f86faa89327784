# Unary tile ops with the namespaced spelling: exp, log, sqrt, rsqrt, recip, abs, neg, relu, plus maximum/minimum of two tiles.
import pypto.language as pl


@pl.program
class UnaryZoo:
    @pl.function(type=pl.FunctionType.InCore)
    def zoo(self, x: pl.Tensor[[16, 64], pl.FP32],
            y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        a = pl.tile.abs(t)
        a1 = pl.tile.adds(a, 1.0)
        log1p = pl.tile.log(a1)
        root = pl.tile.sqrt(a)
        inv_root = pl.tile.rsqrt(a1)
        inv = pl.tile.recip(a1)
        n = pl.tile.neg(t)
        r = pl.tile.relu(n)
        e = pl.tile.exp(n)
        hi = pl.tile.maximum(log1p, root)
        lo = pl.tile.minimum(inv_root, inv)
        s = pl.tile.add(pl.tile.add(hi, lo), pl.tile.sub(r, e))
        y = pl.tile.store(s, [0, 0], y)
        return y
