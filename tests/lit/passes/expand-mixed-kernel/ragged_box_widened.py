# A ragged boundary lower-auto-vector-split could not rebalance (the body also loads a tile of
# its own): 100 valid rows of a 128-row box on the box partition leave the lanes 64 and 36
# rows, which no split code places (the reference rejects it). The lowering narrows the shard
# right away (set_validshape), so the cube widens the tile to its whole box, pushes it with the
# even code, and each lane's set_validshape narrows its half again: bit-exact.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=compile --arch=a2a3 | FileCheck %s --check-prefix=OK
# CHECK: def f_aic(
# CHECK: s_box: pl.Tile{{\[\[}}128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(s, 128, 128)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s_box, split=1)
# CHECK: def f_aiv(
# CHECK: h_1: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: h: {{.*}} = pl.tile.set_validshape(h_1, pl.min(pl.max(100, subblock_idx * 64) - subblock_idx * 64, 64), 128)
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 32], pl.FP16], b: pl.Tensor[[32, 128], pl.FP16],
          x: pl.Tensor[[128, 128], pl.FP32],
          y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [128, 32], [100, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        xv = pl.load(x, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.add(h, xv), [0, 0], y)
        return y1
