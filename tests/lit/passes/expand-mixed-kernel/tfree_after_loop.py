# tfree placement: the popped tile `h` is read inside a vector loop, so its slot is released
# after that loop (the last statement of the pop's block that uses it), not inside it.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aiv(
# CHECK: h: {{.*}} = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: acc: {{.*}} = pl.tile.muls(h, 0.0)
# CHECK-NEXT: for i, (acc_1,) in pl.range(4, init_values=(acc,)):
# CHECK-NEXT: acc_2: {{.*}} = pl.tile.add(acc_1, pl.tile.muls(h, 0.5))
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: pl.system.tfree_to_aic(h, split=0)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(acc_3, [0, 0], y)
import pypto.language as pl


@pl.program
class Loop:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        acc = pl.muls(h, 0.0)
        for i in pl.range(4):
            acc = pl.add(acc, pl.muls(h, 0.5))
        y1 = pl.store(acc, [0, 0], y)
        return y1
