# Multi-function program: an Orchestration function chaining two InCore kernels through self. calls and returning a tuple.
import pypto.language as pl


@pl.program
class TwoStage:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[32, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        t2 = pl.mul(t, 2.0)
        y = pl.store(t2, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def shift_exp(self, y: pl.Tensor[[32, 64], pl.FP32],
                  z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(y, [0, 0], [32, 64])
        e = pl.exp(pl.sub(t, 1.0))
        z = pl.store(e, [0, 0], z)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        y = self.scale(x, y)
        z = self.shift_exp(y, z)
        return y, z
