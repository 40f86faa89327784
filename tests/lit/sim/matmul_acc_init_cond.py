# tile.matmul_acc(acc, a, b, init_cond=c): where c holds, the accumulator is overwritten with
# a x b instead of added to (PyPTO's split-K idiom). The K loop starts from a stale
# accumulator and overwrites it on its first step: the result is x @ y.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen matmul_init_cond %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# CHECK: ran f in {{.*}}; inputs: x (file), y (file), out (zeros)
# RUN: %python %S/Inputs/sim_expect.py check matmul_init_cond %t/in %t/out
# PTO emission branches over the two forms of the MAD (PTOAS v0.27 accepts it):
# RUN: %ptoc compile %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO: scf.if %{{[a-z_0-9]+}} {
# PTO-NEXT: pto.tmatmul ins(
# PTO-NEXT: } else {
# PTO-NEXT: pto.tmatmul.acc ins(
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
# FMT: pl.tile.matmul_acc(acc, a_Left, b_Right, k == 0)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 128], pl.FP16], y: pl.Tensor[[128, 32], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    a0 = pl.load(x, [0, 96], [16, 32], target_memory=pl.Mem.Mat)
    b0 = pl.load(y, [96, 0], [32, 32], target_memory=pl.Mem.Mat)
    acc0 = pl.matmul(pl.move(a0, target_memory=pl.Mem.Left), pl.move(b0, target_memory=pl.Mem.Right))
    for k, (acc,) in pl.range(0, 4, init_values=(acc0,)):
        a = pl.load(x, [0, k * 32], [16, 32], target_memory=pl.Mem.Mat)
        b = pl.load(y, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
        a_Left = pl.move(a, target_memory=pl.Mem.Left)
        b_Right = pl.move(b, target_memory=pl.Mem.Right)
        acc_next = pl.tile.matmul_acc(acc, a_Left, b_Right, init_cond=(k == 0))
        acc_out = pl.yield_(acc_next)
    o = pl.store(acc_out, [0, 0], out)
    return o
