# A store of a tile both lanes hold whole (here a Vec tile parameter and a value computed from it
# alone) writes each lane's half: a tile.slice at the lane's row offset and the store offset
# localized, as the reference does (test_reinterpret_view_of_full_source_is_sliced_per_subblock),
# not the whole tile once per lane. An odd extent (the 15-row tile) gives lane 1 its 7 valid rows.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: e: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(data)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(pl.tile.slice(e, [8, 16], [subblock_idx * 8, 0]), [0 + subblock_idx * 8, 0], y)
# CHECK-NEXT: z1: {{.*}} = pl.tile.store(pl.tile.slice(odd, [8, 16], [subblock_idx * 8, 0], [pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 16]), [0 + subblock_idx * 8, 0], z)
import pypto.language as pl


@pl.program
class WholeStore:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          data: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], odd: pl.Tile[[15, 16], pl.FP32, pl.Mem.Vec],
          o: pl.Out[pl.Tensor[[16, 16], pl.FP32]], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          z: pl.Out[pl.Tensor[[15, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[15, 16], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        o1 = pl.store(pl.add(c, 1.0), [0, 0], o)
        e = pl.exp(data)
        y1 = pl.store(e, [0, 0], y)
        z1 = pl.store(odd, [0, 0], z)
        return o1, y1, z1
