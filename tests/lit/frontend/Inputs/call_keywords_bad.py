# Calls of the program's functions may name their arguments (PyPTO reads Python calls);
# the printed call passes them in order.
import pypto.language as pl


@pl.program
class Kw:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
          ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.cast(pl.load(x, [0, 0], [16, 64]), target_type=pl.BF16, mode=3)
        u = pl.cast(t, pl.FP32)
        y = pl.store(u, [0, 0], y)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
             ) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.k(x, z=y)
        return r
