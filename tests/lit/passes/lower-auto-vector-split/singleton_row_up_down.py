# A [1, N] vector tile under UP_DOWN has a singleton split axis: it is preserved
# full width (both lanes hold the same row), not halved and not localized.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: g: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(gamma, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: gs: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(g, 2.0)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(gs, [0, 0], yg)
# CHECK-NEXT: y2: {{.*}} = pl.tile.store(h, [0 + subblock_idx * 32, 0], y)
import pypto.language as pl


@pl.program
class Singleton:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          gamma: pl.Tensor[[1, 64], pl.FP32], yg: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        g = pl.load(gamma, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        gs = pl.mul(g, 2.0)
        y1 = pl.store(gs, [0, 0], yg)
        y2 = pl.store(h, [0, 0], y)
        return y1, y2
