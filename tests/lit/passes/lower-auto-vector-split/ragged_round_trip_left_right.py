# A ragged LEFT_RIGHT tile (40 of 64 columns valid) goes vector -> cube (Acc) ->
# vector: the gather restores the full-width valid extent (40) with
# tile.set_validshape instead of doubling one lane's share, so the re-shard splits
# the right extent again (found by the robustness harness).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.tile.set_validshape(pl.tile.aic_gather(h, split=pl.SplitMode.LEFT_RIGHT), 32, 40)
# CHECK: pl.tile.set_validshape(pl.tile.aiv_shard({{.*}}, split=pl.SplitMode.LEFT_RIGHT), 32, pl.min(pl.max(40, subblock_idx * 32) - subblock_idx * 32, 32))
import pypto.language as pl


@pl.program
class RaggedRoundTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], [32, 40], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        back = pl.move(h, target_memory=pl.Mem.Acc)
        again = pl.move(back, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        y1 = pl.store(pl.mul(again, 2.0), [0, 0], y)
        return y1
