# A K-loop accumulating with matmul_acc: the carried value stays in Acc; the Mat operands
# are moved to Left/Right inside the body, right before the matmul_acc.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: acc0: {{.*}}pl.Mem.Acc] = pl.tile.matmul(a0_Left, b0_Right)
# CHECK: for k, (acc,) in pl.range(1, 4, init_values=(acc0,)):
# CHECK: a_Left: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: b_Right: {{.*}} = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK-NEXT: acc_next: {{.*}}pl.Mem.Acc] = pl.tile.matmul_acc(acc, a_Left, b_Right)
# CHECK-NEXT: acc_out = pl.yield_(acc_next)
# CHECK-NEXT: pl.tile.store(acc_out, [0, 0], out)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 128], pl.FP16], y: pl.Tensor[[128, 32], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    a0 = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    b0 = pl.load(y, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    acc0 = pl.matmul(a0, b0)
    for k, (acc,) in pl.range(1, 4, init_values=(acc0,)):
        a = pl.load(x, [0, k * 32], [16, 32], target_memory=pl.Mem.Mat)
        b = pl.load(y, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
        acc_next = pl.tile.matmul_acc(acc, a, b)
        acc_out = pl.yield_(acc_next)
    o = pl.store(acc_out, [0, 0], out)
    return o
