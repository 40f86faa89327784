# Input of cross_lane_race_ranks.py: lane 0 adds its rows into o (atomic), lane 1 overwrites them.
import pypto.language as pl


@pl.program
class AddOverwrite:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(x, [lane * 8, 0], [8, 16], target_memory=pl.Mem.Vec)
        if lane == 0:
            o1 = pl.store(t, [0, 0], o, atomic=True)
        else:
            o1 = pl.store(t, [0, 0], o)
        return o1
