# A partition store (tile.store's `shapes`) of LEFT_RIGHT halves: a lane's column block is no
# contiguous run of the tile's row-major elements, but a partition that is the tile's box with
# leading unit axes places the elements as the plain store does, so the operand is dropped and
# the store localized on the column axis, at any parity (17 columns: lane 1 stores its 8). A
# one-row tile's column half is contiguous: its partition [1, 2, 8] is halved on axis 1.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: o1: {{.*}} = pl.tile.store(y, [1, 0, 0 + subblock_idx * 9], o)
# CHECK: r1: {{.*}} = pl.tile.store(pl.tile.slice({{.*}}, [1, 8], [0, subblock_idx * 8]), [0, 0 + subblock_idx * 1, 0], r, [1, 1, 8])
import pypto.language as pl


@pl.program
class PartitionLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 17], pl.FP16],
          row: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec],
          o: pl.Out[pl.Tensor[[2, 16, 17], pl.FP32]], r: pl.Out[pl.Tensor[[1, 2, 8], pl.FP32]]) -> tuple[pl.Tensor[[2, 16, 17], pl.FP32], pl.Tensor[[1, 2, 8], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 17], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        y = pl.add(c, 1.0)
        o1 = pl.store(y, [1, 0, 0], o, shapes=[1, 16, 17])
        r1 = pl.store(pl.exp(row), [0, 0, 0], r, shapes=[1, 2, 8])
        return o1, r1
