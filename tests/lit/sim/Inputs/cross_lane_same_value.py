import pypto.language as pl


@pl.program
class Same:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        t = pl.load(x, [0, 0], [64, 32], target_memory=pl.Mem.Vec)
        out_1 = pl.store(pl.abs(t), [0, 0], out)
        return out_1
