# Natural (non-SSA) code: a tile accumulated in a loop, a scalar updated in the loop, an if that assigns in one arm only, plain reassignment.
import pypto.language as pl


@pl.program
class NaturalAccumulate:
    @pl.function(type=pl.FunctionType.InCore)
    def block_mean(self, x: pl.Tensor[[64, 64], pl.FP32], relu_out: pl.Scalar[pl.BOOL],
                   y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        count = 0
        for i in pl.range(4):
            blk = pl.load(x, [i * 16, 0], [16, 64])
            acc = pl.add(acc, blk)
            count = count + 1
        inv = 1.0 / pl.cast(count, pl.FP32)
        acc = pl.mul(acc, inv)
        if relu_out:
            acc = pl.relu(acc)
        y = pl.store(acc, [0, 0], y)
        return y
