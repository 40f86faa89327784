import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 128], pl.FP32]):
        n = pl.tensor.dim(x, 1)  # a static axis: not folded onto a dimension
        return pl.tensor.create([n, 128], dtype=pl.FP32)
