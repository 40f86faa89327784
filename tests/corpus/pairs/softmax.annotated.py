# Pair (annotated): row softmax with every assignment annotated; structurally equal to softmax.plain.py.
import pypto.language as pl


@pl.program
class SoftmaxPair:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[16, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        m: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.row_max(t)
        sh: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.row_expand_sub(t, m)
        e: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.exp(sh)
        s: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.row_sum(e)
        p: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.row_expand_div(e, s)
        y: pl.Tensor[[16, 64], pl.FP32] = pl.store(p, [0, 0], y)
        return y
