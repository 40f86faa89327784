# In-place residual update through pl.InOut tensors: h = h + alpha * delta, applied twice by an Orchestration function.
import pypto.language as pl


@pl.program
class Residual:
    @pl.function(type=pl.FunctionType.InCore)
    def axpy(self, delta: pl.Tensor[[32, 128], pl.FP32], h: pl.InOut[pl.Tensor[[32, 128], pl.FP32]],
             alpha: pl.Scalar[pl.FP32]) -> pl.Tensor[[32, 128], pl.FP32]:
        cur = pl.load(h, [0, 0], [32, 128])
        d = pl.load(delta, [0, 0], [32, 128])
        upd = pl.add(cur, pl.mul(d, alpha))
        h = pl.store(upd, [0, 0], h)
        return h

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, d1: pl.Tensor[[32, 128], pl.FP32], d2: pl.Tensor[[32, 128], pl.FP32],
             h: pl.InOut[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
        h = self.axpy(d1, h, 1.0)
        h = self.axpy(d2, h, 0.5)
        return h
