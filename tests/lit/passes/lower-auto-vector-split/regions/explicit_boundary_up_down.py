# An explicit-boundary UP_DOWN region: the author already sharded the cube tile
# and wrote per-lane vector code, so the body is spliced through unchanged (no
# second subblock_idx, no re-halving); a load at an aiv_id-derived offset and a
# pl.full generator are accepted.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "split_aiv_region_validated": True})
# CHECK: s: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: base: pl.Scalar[pl.INDEX] = aiv_id * 32
# CHECK-NEXT: bias: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(bb, [base, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: two: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([32, 64], 2.0, dtype=pl.FP32)
# CHECK-NEXT: r: {{.*}} = pl.tile.mul(pl.tile.add(h, bias), two)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(r, [base, 0], y)
# CHECK-NOT: subblock_idx
import pypto.language as pl


@pl.program
class Explicit:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          bb: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(s)
            base = aiv_id * 32
            bias = pl.load(bb, [base, 0], [32, 64], target_memory=pl.Mem.Vec)
            two = pl.full([32, 64], 2.0, dtype=pl.FP32)
            r = pl.mul(pl.add(h, bias), two)
            y1 = pl.store(r, [base, 0], y)
        return y1
