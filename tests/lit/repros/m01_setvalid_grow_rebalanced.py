# Repro m01: the C->V tile has 50 of 64 rows valid, which would rebalance the lanes
# (lane_stride=25: each lane owns 25 rows of a 32-row box). set_validshape then grows the
# valid rows to 60: rows 50..59 belong to no lane under the balanced partition, so the
# pass keeps the box partition (no lane_stride) and every row has an owner.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.tile.aiv_shard(pl.tile.matmul(a_l, b_r), split=pl.SplitMode.UP_DOWN)
# IR-NOT: lane_stride
# IR: sv: pl.Tile{{\[\[}}32, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(60, subblock_idx * 32) - subblock_idx * 32, 32), 16])]
import pypto.language as pl


@pl.program
class SetValidGrow:
    @pl.function
    def main(self, a: pl.Tensor[[50, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             o: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 16], [50, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            sv = pl.tile.set_validshape(v, 60, 16)
            o = pl.store(pl.add(sv, 0.25), [0, 0], o)
        return o
