# Grid-stride loop over 8-row blocks: get_block_idx / get_block_num and a natural `while` updating an INDEX counter and the Out tensor.
import pypto.language as pl


@pl.program
class GridStride:
    @pl.function(type=pl.FunctionType.InCore)
    def abs_rows(self, x: pl.Tensor[[128, 128], pl.FP32],
                 out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        bid: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        nblk = pl.tile.get_block_num()
        r = bid
        while r < 16:
            t = pl.load(x, [r * 8, 0], [8, 128])
            y = pl.tile.abs(t)
            out = pl.store(y, [r * 8, 0], out)
            r = r + nblk
        return out
