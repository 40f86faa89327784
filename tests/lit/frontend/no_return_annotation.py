# RUN: %ptoc fmt %s | FileCheck %s
# A function without `->` returns what its return statement gives (PyPTO infers it); the
# printed form carries the annotation. Tile subscripts with slices are tile.slice windows.
import pypto.language as pl


@pl.program
class NoArrow:
    # CHECK: def kernel(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16, 32], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 32], pl.FP32]:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 64])
        # CHECK: h: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.slice(t, [16, 32], [0, 32])
        h = t[:, 32:64]
        y = pl.store(h, [0, 0], y)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
             ) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.kernel(x, y)
        return r
