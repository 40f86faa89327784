# Pair (plain): row softmax without any assignment annotation; structurally equal to softmax.annotated.py.
import pypto.language as pl


@pl.program
class SoftmaxPair:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[16, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        m = pl.row_max(t)
        sh = pl.row_expand_sub(t, m)
        e = pl.exp(sh)
        s = pl.row_sum(e)
        p = pl.row_expand_div(e, s)
        y = pl.store(p, [0, 0], y)
        return y
