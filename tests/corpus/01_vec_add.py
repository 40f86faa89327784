# Elementwise add of two FP32 tensors: 3-arg pl.load (default Vec), unified pl.add, pl.store into an Out param.
import pypto.language as pl


@pl.program
class VecAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[32, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [32, 64])
        tb = pl.load(b, [0, 0], [32, 64])
        c = pl.add(ta, tb)
        out = pl.store(c, [0, 0], out)
        return out
