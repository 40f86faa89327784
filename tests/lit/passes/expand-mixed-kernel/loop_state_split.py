# A mixed loop: the Acc accumulator (matmul_acc) lives on the cube, the running vector sum on
# the vector lanes. Each side keeps only its own loop-carried values (iter_args, yields and
# return vars); the C->V move inside the loop becomes a tpush / tpop per iteration, freed
# before the yield.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: for k, (c_iter,) in pl.range(2, init_values=(c0,)):
# CHECK: pl.tile.tpush_to_aiv(c, split=1)
# CHECK-NEXT: c_rv = pl.yield_(c)
# CHECK: def f_aiv(
# CHECK: for k, (v_iter,) in pl.range(2, init_values=(v0,)):
# CHECK-NEXT: cv: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: v: {{.*}} = pl.tile.add(v_iter, cv)
# CHECK-NEXT: pl.system.tfree_to_aic(cv, split=1)
# CHECK-NEXT: v_rv = pl.yield_(v)
import pypto.language as pl


@pl.program
class LoopState:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c0 = pl.matmul(a_l, b_r)
        v0 = pl.full([32, 64], 0.0, dtype=pl.FP32)
        for k, (c_iter, v_iter) in pl.range(2, init_values=(c0, v0)):
            c = pl.matmul_acc(c_iter, a_l, b_r)
            cv = pl.move(c, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            v = pl.add(v_iter, cv)
            c_rv, v_rv = pl.yield_(c, v)
        y1 = pl.store(v_rv, [0, 0], y)
        return y1
