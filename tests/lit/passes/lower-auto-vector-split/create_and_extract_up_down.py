# tile.create (a Vec scratch tile for row_sum) and tile.extract of a Mat tile into
# Vec are vector-side roots: create's shape is halved; extract's shape is halved
# and its row index localized (`0 + subblock_idx * 32`).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: tmp: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: rs: pl.Tile{{\[\[}}32, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(h, tmp)
# CHECK-NEXT: g: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.extract(gm, 0 + subblock_idx * 32, 0, [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: r: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_add(pl.tile.add(h, g), rs)
import pypto.language as pl


@pl.program
class CreateExtract:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          gt: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        gm = pl.load(gt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        tmp = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        rs = pl.row_sum(h, tmp)
        g = pl.tile.extract(gm, 0, 0, [64, 64], target_memory=pl.Mem.Vec)
        r = pl.row_expand_add(pl.add(h, g), rs)
        y1 = pl.store(r, [0, 0], y)
        return y1
