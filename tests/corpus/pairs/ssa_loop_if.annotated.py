# Pair (annotated): SSA loop with a tile and an INDEX carried value, then an if/else merging through pl.yield_; scalars and tiles annotated.
import pypto.language as pl


@pl.program
class SsaPair:
    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, x: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        zero: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (acc, n) in pl.range(4, init_values=(zero, 0)):
            off: pl.Scalar[pl.INDEX] = i * 16
            blk: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.load(x, [off, 0], [16, 32], target_memory=pl.Mem.Vec)
            acc2: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.add(acc, blk)
            n2: pl.Scalar[pl.INDEX] = n + 1
            total, count = pl.yield_(acc2, n2)
        if flag:
            inv: pl.Scalar[pl.FP32] = 1.0 / pl.cast(count, pl.FP32)
            avg: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.mul(total, inv)
            res = pl.yield_(avg)
        else:
            res = pl.yield_(total)
        y: pl.Tensor[[16, 32], pl.FP32] = pl.store(res, [0, 0], y)
        return y
