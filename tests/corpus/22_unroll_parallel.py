# pl.unroll over column chunks with a natural running maximum, and pl.parallel over independent row blocks each storing its own window.
import pypto.language as pl


@pl.program
class UnrollParallel:
    @pl.function(type=pl.FunctionType.InCore)
    def chunks(self, x: pl.Tensor[[32, 256], pl.FP32],
               y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
               z: pl.Out[pl.Tensor[[32, 256], pl.FP32]]
               ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 256], pl.FP32]]:
        best = pl.tile.full([32, 64], -3.0e38, dtype=pl.FP32)
        for u in pl.unroll(4):
            c = pl.load(x, [0, u * 64], [32, 64])
            best = pl.maximum(best, c)
        y = pl.store(best, [0, 0], y)
        for p in pl.parallel(4):
            blk = pl.load(x, [p * 8, 0], [8, 256])
            e = pl.exp(blk)
            z = pl.store(e, [p * 8, 0], z)
        return y, z
