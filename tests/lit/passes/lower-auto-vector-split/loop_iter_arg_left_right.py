# The loop-carried vector accumulator under LEFT_RIGHT: the pl.full init, the
# iter_arg and the per-iteration loads are halved on the columns.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: acc0: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.full([32, 32], 0.0, dtype=pl.FP32)
# CHECK-NEXT: for i, (acc,) in pl.range(4, init_values=(acc0,)):
# CHECK-NEXT: blk: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [i * 32, 0 + subblock_idx * 32], [32, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: nxt: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, blk)
# CHECK-NEXT: acc_out = pl.yield_(nxt)
# CHECK: sv: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: r: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_out, sv)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(r, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class LoopAccLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[128, 64], pl.FP32], a: pl.Tensor[[32, 32], pl.FP16],
          b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        acc0 = pl.full([32, 64], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            blk = pl.load(x, [i * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
            nxt = pl.add(acc, blk)
            acc_out = pl.yield_(nxt)
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        r = pl.add(acc_out, sv)
        y1 = pl.store(r, [0, 0], y)
        return y1
