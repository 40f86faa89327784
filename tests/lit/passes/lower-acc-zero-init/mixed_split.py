# A mixed kernel (AUTO split, UP_DOWN): the cube accumulates Q K^T over a K loop from a zero Acc
# fill, the vector lanes take exp of their halves. The whole pipeline keeps the accumulation on
# the AIC (its fill lowered to an uninitialized Acc tile and init_cond) and computes the natural
# kernel's numbers on both targets; the emitted PTO has no fill of Acc.
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# RUN: %ptoc compile %s --emit=ir | FileCheck %s
# RUN: %ptoc compile %s --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.function
def main(q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 64], pl.FP16],
         p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        s: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.full([64, 64], 0.0, dtype=pl.FP32)
        for kb in pl.range(0, 128, 32):
            q_l = pl.move(pl.load(q, [0, kb], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [kb, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul_acc(s, q_l, k_r)
        sv = pl.move(s, target_memory=pl.Mem.Vec)
        p = pl.store(pl.exp(sv), [0, 0], p)
    return p
# CHECK: @pl.function(type=pl.FunctionType.AIC)
# CHECK: s: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)
# CHECK: pl.tile.matmul_acc({{.*}}, kb == 0)
# CHECK: @pl.function(type=pl.FunctionType.AIV)
# CHECK-NOT: pl.tile.create({{.*}}pl.Mem.Acc
# CHECK: pl.tile.exp(
# PTO-NOT: texpands
# PTO: scf.if
# PTO-NEXT: pto.tmatmul ins(
