# A small program for the run / check driver tests: y = a + b * s (s a scalar parameter).
import pypto.language as pl


@pl.program
class VecAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[4, 8], pl.FP32], s: pl.Scalar[pl.FP32],
            y: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        ta = pl.load(a, [0, 0], [4, 8])
        tb = pl.load(b, [0, 0], [4, 8])
        y = pl.store(pl.add(ta, pl.mul(tb, s)), [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[4, 8], pl.FP32], s: pl.Scalar[pl.FP32],
             y: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        y = self.add(a, b, s, y)
        return y
