# Row standardization with per-row gain and bias columns: row_expand_sub/div/mul/add; natural reassignment of z.
import pypto.language as pl


@pl.program
class RowAffine:
    @pl.function(type=pl.FunctionType.InCore)
    def standardize(self, x: pl.Tensor[[16, 128], pl.FP32], gain: pl.Tensor[[16, 1], pl.FP32],
                    bias: pl.Tensor[[16, 1], pl.FP32],
                    y: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 128])
        mean = pl.mul(pl.row_sum(t), 0.0078125)
        c = pl.tile.row_expand_sub(t, mean)
        var = pl.mul(pl.row_sum(pl.mul(c, c)), 0.0078125)
        std = pl.sqrt(pl.add(var, 1e-05))
        z = pl.tile.row_expand_div(c, std)
        g = pl.load(gain, [0, 0], [16, 1])
        b = pl.load(bias, [0, 0], [16, 1])
        z = pl.tile.row_expand_mul(z, g)
        z = pl.tile.row_expand_add(z, b)
        y = pl.store(z, [0, 0], y)
        return y
