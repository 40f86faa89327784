# Scope conditions: only a genuinely mixed InCore function with a split mode that is
# not yet split_aiv is rewritten. A pure-vector pl.split function (no cube, no
# boundary), a mixed function without a split mode, an already split_aiv function
# and a non-InCore function all come out unchanged.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each > %t.py
# RUN: %ptoc equal %s %t.py
# RUN: %ptoc check %s --passes=lower-auto-vector-split --entry pure_vector
# RUN: %ptoc check %s --passes=lower-auto-vector-split --entry no_split
import pypto.language as pl


@pl.program
class Untouched:
    @pl.function(type=pl.FunctionType.InCore)
    def pure_vector(self, x: pl.Tensor[[64, 64], pl.FP32],
                    y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        e = pl.exp(t)
        y1 = pl.store(e, [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def no_split(self, a: pl.Tensor[[64, 64], pl.FP32],
                 y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        v = pl.move(m, target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(v), [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.InCore)
    def already(self, a: pl.Tensor[[64, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        subblock_idx = pl.tile.get_subblock_idx()
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m, split=pl.SplitMode.UP_DOWN)
        y1 = pl.store(h, [subblock_idx * 32, 0], y)
        return y1
