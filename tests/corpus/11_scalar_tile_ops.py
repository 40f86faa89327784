# Tile-scalar ops in both spellings: pl.tile.adds/subs/muls/divs/maximums/minimums and unified pl.add/sub/mul/div with a scalar right operand.
import pypto.language as pl


@pl.program
class ScalarOps:
    @pl.function(type=pl.FunctionType.InCore)
    def affine_clip(self, x: pl.Tensor[[32, 64], pl.FP32], alpha: pl.Scalar[pl.FP32],
                    y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        a = pl.tile.adds(t, 1.0)
        b = pl.tile.subs(a, alpha)
        c = pl.tile.muls(b, 2.0)
        d = pl.tile.divs(c, alpha)
        e = pl.tile.maximums(d, -6.0)
        f: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.minimums(e, 6.0)
        g = pl.add(f, 0.5)
        h = pl.sub(g, 0.25)
        k = pl.mul(h, alpha)
        m = pl.div(k, 3.0)
        y = pl.store(m, [0, 0], y)
        return y
