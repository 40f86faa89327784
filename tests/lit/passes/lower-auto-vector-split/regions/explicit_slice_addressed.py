# Explicit-boundary region whose vector input is a full Vec tile sliced at an
# aiv_id-derived row offset (an address op that references the lane is accepted),
# combined with the sharded cube tile; spliced unchanged.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: part: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(whole, [32, 64], [aiv_id * 32, 0])
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(pl.tile.maximum(h, part), [aiv_id * 32, 0], y)
import pypto.language as pl


@pl.program
class SliceAddressed:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        whole = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(s)
            part = pl.tile.slice(whole, [32, 64], [aiv_id * 32, 0])
            y1 = pl.store(pl.maximum(h, part), [aiv_id * 32, 0], y)
        return y1
