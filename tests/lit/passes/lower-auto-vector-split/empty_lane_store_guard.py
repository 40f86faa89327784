# A lane's share of a ragged split axis can be empty: 20 valid rows of a 64-row box give lane 0
# all 20 rows and lane 1 none (min(max(20, idx * 32) - idx * 32, 32)). A store of an empty tile
# is outside the PTO ISA contract (TSTORE requires valid rows and columns > 0), so the store is
# guarded on the lane's extent and the tensor version is carried out of the `if`: the second
# store, which writes through the first one's result, is guarded the same way (the reference
# rejects such a chain; a carried version keeps it exact). The store of `full`, whose valid
# rows are the whole box on both lanes, needs no guard. The pop and the tfree stay outside.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# RUN: %ptoc opt %s --passes=compile | FileCheck %s --check-prefix=AIV
# CHECK: e: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(20, subblock_idx * 32) - subblock_idx * 32, 32), 64])] = pl.tile.add(h, bias)
# CHECK-NEXT: if pl.min(pl.max(20, subblock_idx * 32) - subblock_idx * 32, 32) > 0:
# CHECK-NEXT: y1_lane: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(e, [0 + subblock_idx * 32, 0], y)
# CHECK-NEXT: y1 = pl.yield_(y1_lane)
# CHECK-NEXT: else:
# CHECK-NEXT: y1 = pl.yield_(y)
# CHECK-NEXT: e2: {{.*}} = pl.tile.muls(e, 2.0)
# CHECK-NEXT: if pl.min(pl.max(20, subblock_idx * 32) - subblock_idx * 32, 32) > 0:
# CHECK-NEXT: y2_lane: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(e2, [0 + subblock_idx * 32, 0], y1)
# CHECK-NEXT: y2 = pl.yield_(y2_lane)
# CHECK-NEXT: else:
# CHECK-NEXT: y2 = pl.yield_(y1)
# CHECK-NEXT: z1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(bias, [0 + subblock_idx * 32, 0], z)
# AIV: h_1: {{.*}} = pl.tile.tpop_from_aic(split=1)
# AIV: pl.system.tfree_to_aic(h_1, split=1)
# AIV: if pl.min(pl.max(20, subblock_idx * 32) - subblock_idx * 32, 32) > 0:
import pypto.language as pl


@pl.program
class EmptyLane:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          bb: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          z: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], [20, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        bias = pl.load(bb, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        e = pl.add(h, bias)
        y1 = pl.store(e, [0, 0], y)
        e2 = pl.mul(e, 2.0)
        y2 = pl.store(e2, [0, 0], y1)
        z1 = pl.store(bias, [0, 0], z)
        return y2, z1
