# A cube K-loop (matmul_acc carried in Acc) stays full width; only its result is
# sharded (LEFT_RIGHT) after the loop and scaled per lane. The loop is untouched.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: for k, (acc,) in pl.range(1, 4, init_values=(acc0,)):
# CHECK: nxt: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, a_l, b_r)
# CHECK: h: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc_out, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: hs: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(h, 0.25)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(hs, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class KLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gemm(self, a: pl.Tensor[[32, 128], pl.FP16], b: pl.Tensor[[128, 64], pl.FP16],
             y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a0 = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b0 = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc0 = pl.matmul(a0, b0)
        for k, (acc,) in pl.range(1, 4, init_values=(acc0,)):
            a_l = pl.move(pl.load(a, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [k * 32, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            nxt = pl.matmul_acc(acc, a_l, b_r)
            acc_out = pl.yield_(nxt)
        h = pl.move(acc_out, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        hs = pl.mul(h, 0.25)
        y1 = pl.store(hs, [0, 0], y)
        return y1
