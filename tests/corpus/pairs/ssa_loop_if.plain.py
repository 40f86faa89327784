# Pair (plain): SSA loop with a tile and an INDEX carried value, then an if/else merging through pl.yield_; no assignment annotations.
import pypto.language as pl


@pl.program
class SsaPair:
    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, x: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        zero = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (acc, n) in pl.range(4, init_values=(zero, 0)):
            off = i * 16
            blk = pl.load(x, [off, 0], [16, 32], target_memory=pl.Mem.Vec)
            acc2 = pl.add(acc, blk)
            n2 = n + 1
            total, count = pl.yield_(acc2, n2)
        if flag:
            inv = 1.0 / pl.cast(count, pl.FP32)
            avg = pl.mul(total, inv)
            res = pl.yield_(avg)
        else:
            res = pl.yield_(total)
        y = pl.store(res, [0, 0], y)
        return y
