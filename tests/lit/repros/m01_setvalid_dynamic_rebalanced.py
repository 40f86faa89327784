# Repro m01, dynamic form: set_validshape with a runtime row count (n + 40 of a 128-row
# tile whose C->V boundary has 100 valid rows). Its extent cannot be checked against the
# balanced partition, so the box partition is kept. A set_validshape that stays within the
# balanced rows (second function: 40 <= 2 * 25) keeps lane_stride.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR-LABEL: def main_incore_0(
# IR: pl.tile.aiv_shard(pl.tile.matmul(a_l, b_r), split=pl.SplitMode.UP_DOWN)
# IR-LABEL: def main_incore_1(
# IR: pl.tile.aiv_shard(pl.tile.matmul(a_l, b_r), split=pl.SplitMode.UP_DOWN, lane_stride=25)
import pypto.language as pl


@pl.program
class SetValidDynamic:
    @pl.function
    def main(self, a: pl.Tensor[[100, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             n: pl.Scalar[pl.INDEX],
             o: pl.Out[pl.Tensor[[128, 16], pl.FP32]],
             o2: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> tuple[pl.Tensor[[128, 16], pl.FP32], pl.Tensor[[64, 16], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [128, 16], [100, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            sv = pl.tile.set_validshape(v, pl.min(n + 40, 128), 16)
            o = pl.store(pl.add(sv, 0.25), [0, 0], o)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 16], [50, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            sv = pl.tile.set_validshape(v, 40, 16)
            o2 = pl.store(pl.add(sv, 0.25), [0, 0], o2)
        return o, o2
