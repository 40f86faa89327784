# K-blocked BF16 GEMM: the first K block via pl.matmul, the rest accumulated by pl.tile.matmul_acc in a natural (non-SSA) loop; Acc stored to GM.
import pypto.language as pl


@pl.program
class GemmKLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gemm(self, a: pl.Tensor[[64, 256], pl.BF16], b: pl.Tensor[[256, 128], pl.BF16],
             c: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        a0 = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b0 = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        acc = pl.matmul(pl.move(a0, target_memory=pl.Mem.Left), pl.move(b0, target_memory=pl.Mem.Right))
        for kb in pl.range(1, 4):
            k = kb * 64
            ak = pl.tile.load(a, [0, k], [64, 64], target_memory=pl.Mem.Mat)
            bk = pl.tile.load(b, [k, 0], [64, 128], target_memory=pl.Mem.Mat)
            ak_l = pl.tile.move(ak, target_memory=pl.Mem.Left)
            bk_r = pl.tile.move(bk, target_memory=pl.Mem.Right)
            acc = pl.tile.matmul_acc(acc, ak_l, bk_r)
        c = pl.store(acc, [0, 0], c)
        return c
