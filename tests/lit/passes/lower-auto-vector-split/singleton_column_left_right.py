# Under LEFT_RIGHT a [N, 1] column has a singleton split axis: a [64, 1] column
# loaded from GM stays full width on both lanes (not halved, not localized) and
# broadcasts over each lane's 32 columns of the sharded scores.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: col: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.load(cs, [0, 0], [64, 1], target_memory=pl.Mem.Vec)
# CHECK-NEXT: r: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(h, col)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(r, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class ColumnScale:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          cs: pl.Tensor[[64, 1], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        col = pl.load(cs, [0, 0], [64, 1], target_memory=pl.Mem.Vec)
        r = pl.row_expand_mul(h, col)
        y1 = pl.store(r, [0, 0], y)
        return y1
