# The while-loop carry under LEFT_RIGHT: iter_arg, yield and return var per-lane.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK: for (n, t) in pl.while_(init_values=(0, h)):
# CHECK: t2: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 0.5)
# CHECK: y1: {{.*}} = pl.tile.store(t_out, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class WhileHalveLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        for (n, t) in pl.while_(init_values=(0, h)):
            pl.cond(n < 3)
            t2 = pl.mul(t, 0.5)
            n_out, t_out = pl.yield_(n + 1, t2)
        y1 = pl.store(t_out, [0, 0], y)
        return y1
