import pypto.language as pl


@pl.program
class OwnRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, g: pl.InOut[pl.Tensor[[96, 32], pl.FP32]]) -> pl.Tensor[[96, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(g, [lane * 32, 0], [32, 32], target_memory=pl.Mem.Vec)
        g_1 = pl.store(pl.add(t, 1.0), [lane * 32, 0], g)
        return g_1
