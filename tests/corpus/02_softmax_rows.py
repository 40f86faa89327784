# Row softmax of an [8, 128] FP32 block with namespaced ops: row_max, row_expand_sub, exp, row_sum, row_expand_div.
import pypto.language as pl


@pl.program
class RowSoftmax:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[8, 128], pl.FP32],
                y: pl.Out[pl.Tensor[[8, 128], pl.FP32]]) -> pl.Tensor[[8, 128], pl.FP32]:
        t: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [8, 128], target_memory=pl.Mem.Vec)
        m: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(t)
        shifted = pl.tile.row_expand_sub(t, m)
        e: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(shifted)
        s = pl.tile.row_sum(e)
        p = pl.tile.row_expand_div(e, s)
        y = pl.tile.store(p, [0, 0], y)
        return y
