# The branch test under LEFT_RIGHT: both arms work on 32 of the 64 columns.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: if flag:
# CHECK-NEXT: t: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.exp(h)
# CHECK-NEXT: r = pl.yield_(t)
# CHECK: f: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.relu(h)
# CHECK-NEXT: r = pl.yield_(f)
# CHECK: y1: {{.*}} = pl.tile.store(r, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class BranchLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          flag: pl.Scalar[pl.BOOL],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        if flag:
            t = pl.exp(h)
            r = pl.yield_(t)
        else:
            f = pl.relu(h)
            r = pl.yield_(f)
        y1 = pl.store(r, [0, 0], y)
        return y1
