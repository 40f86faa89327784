# Data-parallel full-width split_aiv region (UP_DOWN, no boundary ops) at the top of an Opaque function: the pass halves the rows; row reductions stay legal.
import pypto.language as pl


@pl.program
class FullWidthRegion:
    @pl.function
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [128, 64])
            m = pl.row_max(t)
            e = pl.exp(pl.row_expand_sub(t, m))
            out = pl.store(e, [0, 0], out)
        return out
