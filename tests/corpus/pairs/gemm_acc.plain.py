# Pair (plain): K-looped FP16 GEMM with matmul_acc, Acc stored straight to GM; no assignment annotations.
import pypto.language as pl


@pl.program
class GemmPair:
    @pl.function(type=pl.FunctionType.InCore)
    def gemm(self, a: pl.Tensor[[64, 128], pl.FP16], b: pl.Tensor[[128, 64], pl.FP16],
             c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0 = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b0 = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a0_l = pl.move(a0, target_memory=pl.Mem.Left)
        b0_r = pl.move(b0, target_memory=pl.Mem.Right)
        acc = pl.matmul(a0_l, b0_r)
        for k, (acc_it,) in pl.range(64, 128, 64, init_values=(acc,)):
            ak = pl.load(a, [0, k], [64, 64], target_memory=pl.Mem.Mat)
            bk = pl.load(b, [k, 0], [64, 64], target_memory=pl.Mem.Mat)
            ak_l = pl.move(ak, target_memory=pl.Mem.Left)
            bk_r = pl.move(bk, target_memory=pl.Mem.Right)
            nxt = pl.matmul_acc(acc_it, ak_l, bk_r)
            acc_out = pl.yield_(nxt)
        c = pl.store(acc_out, [0, 0], c)
        return c
