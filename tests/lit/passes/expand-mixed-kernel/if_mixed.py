# A mixed if: both branches compute on the cube and cross to the vector lanes. Each side gets
# the if with its own branch bodies; the tile merged by the if lives on the vector side, so
# only the AIV's if keeps the return var.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: if flag > 0:
# CHECK-NEXT: s: {{.*}} = pl.tile.matmul(a_l, b_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s, split=2)
# CHECK-NEXT: else:
# CHECK-NEXT: s2: {{.*}} = pl.tile.matmul(b_l, b_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s2, split=2)
# CHECK: def f_aiv(
# CHECK: if flag > 0:
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
# CHECK-NEXT: e: {{.*}} = pl.tile.exp(h)
# CHECK-NEXT: pl.system.tfree_to_aic(h, split=2)
# CHECK-NEXT: r = pl.yield_(e)
# CHECK-NEXT: else:
# CHECK-NEXT: h2: pl.Tile{{\[\[}}32, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
import pypto.language as pl


@pl.program
class IfMixed:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          flag: pl.Scalar[pl.INDEX],
          y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_l = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        if flag > 0:
            s = pl.matmul(a_l, b_r)
            h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            e = pl.exp(h)
            r = pl.yield_(e)
        else:
            s2 = pl.matmul(b_l, b_r)
            h2 = pl.move(s2, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            e2 = pl.neg(h2)
            r = pl.yield_(e2)
        y1 = pl.store(r, [0, 0], y)
        return y1
