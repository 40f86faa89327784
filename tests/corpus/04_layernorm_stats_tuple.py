# Per-row mean and rstd returned as tuple[...]; the Orchestration caller reads the tuple with r[0], r[1].
import pypto.language as pl


@pl.program
class LayerNormStats:
    @pl.function(type=pl.FunctionType.InCore)
    def stats(self, x: pl.Tensor[[16, 64], pl.FP32],
              mean_out: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
              rstd_out: pl.Out[pl.Tensor[[16, 1], pl.FP32]]
              ) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        t = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        mean = pl.tile.muls(pl.tile.row_sum(t), 0.015625)
        centered = pl.tile.row_expand_sub(t, mean)
        sq = pl.tile.mul(centered, centered)
        var = pl.tile.muls(pl.tile.row_sum(sq), 0.015625)
        std = pl.tile.sqrt(pl.tile.adds(var, 1e-05))
        rstd = pl.tile.recip(std)
        mean_out = pl.tile.store(mean, [0, 0], mean_out)
        rstd_out = pl.tile.store(rstd, [0, 0], rstd_out)
        return mean_out, rstd_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             mean: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
             rstd: pl.Out[pl.Tensor[[16, 1], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        r = self.stats(x, mean, rstd)
        return r[0], r[1]
