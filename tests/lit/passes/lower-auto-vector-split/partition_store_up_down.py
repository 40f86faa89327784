# tile.store through PyPTO's ND partition (the `shapes` operand) of a halved tile: the tile's
# elements fill the partition row-major, so an UP_DOWN lane's half (a contiguous row block of
# an even, fully valid split axis) is the first / second half of the partition, a box when its
# outermost non-unit extent is even. That extent is halved and its offset localized:
#  - [2, 8, 16]: axis 0 (2 -> 1), offset subblock_idx * 1;
#  - a tile both lanes hold whole (a Vec parameter), [1, 8, 32]: sliced per lane, then axis 1;
#  - a partition that is the tile's box with leading unit axes ([1, 16, 16]) places the
#    elements as the plain store does: the operand is dropped and the store localized as one
#    (at any parity: the odd [1, 15, 16] gives lane 1 its 7 valid rows).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: o1: {{.*}} = pl.tile.store(y, [0 + subblock_idx * 1, 0, 0], o, [1, 8, 16])
# CHECK: p1: {{.*}} = pl.tile.store(y, [1, 0 + subblock_idx * 8, 0], p)
# CHECK: q1: {{.*}} = pl.tile.store(pl.tile.slice(w, [8, 16], [subblock_idx * 8, 0]), [0, 0 + subblock_idx * 4, 0], q, [1, 4, 32])
# CHECK: z1: {{.*}} = pl.tile.store(pl.tile.slice(odd, [8, 16], [subblock_idx * 8, 0], [pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 16]), [0, 0 + subblock_idx * 8, 0], z)
import pypto.language as pl


@pl.program
class PartitionStore:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          w: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], odd: pl.Tile[[15, 16], pl.FP32, pl.Mem.Vec],
          o: pl.Out[pl.Tensor[[2, 8, 16], pl.FP32]], p: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]],
          q: pl.Out[pl.Tensor[[2, 8, 32], pl.FP32]], z: pl.Out[pl.Tensor[[1, 15, 16], pl.FP32]]) -> tuple[pl.Tensor[[2, 8, 16], pl.FP32], pl.Tensor[[2, 16, 16], pl.FP32], pl.Tensor[[2, 8, 32], pl.FP32], pl.Tensor[[1, 15, 16], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        y = pl.add(c, 1.0)
        o1 = pl.store(y, [0, 0, 0], o, shapes=[2, 8, 16])
        p1 = pl.store(y, [1, 0, 0], p, shapes=[1, 16, 16])
        q1 = pl.store(w, [0, 0, 0], q, shapes=[1, 8, 32])
        z1 = pl.store(odd, [0, 0, 0], z, shapes=[1, 15, 16])
        return o1, p1, q1, z1
