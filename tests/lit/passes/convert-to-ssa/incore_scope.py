# A pl.at(CORE_GROUP) scope runs once and is transparent: a value re-defined
# inside it (the Out tensor, a tile) is visible after it under its new version,
# and a loop inside the scope carries the tensor as usual.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.program
class Scoped:
    @pl.function
    def main(self, x: pl.Tensor[[32, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 64])
            t = pl.exp(t)
            for i in pl.range(2):
                y = pl.store(t, [i * 16, 0], y)
        return y
# CHECK: with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT: t: {{.*}} = pl.tile.load(
# CHECK-NEXT: t_1: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT: for i, (y_1,) in pl.range(2, init_values=(y,)):
# CHECK-NEXT: y_2: {{.*}} = pl.tile.store(t_1, [i * 16, 0], y_1)
# CHECK-NEXT: y_3 = pl.yield_(y_2)
# CHECK-NEXT: return y_3
