# Bias memory space: a [1, 128] bias row staged GM -> Mat -> Bias (the table a fused bias matmul reads) and a Bias tile declared by tile.create.
import pypto.language as pl


@pl.program
class BiasStaging:
    @pl.function(type=pl.FunctionType.InCore)
    def linear(self, x: pl.Tensor[[64, 128], pl.FP16], w: pl.Tensor[[128, 128], pl.FP16],
               bias: pl.Tensor[[1, 128], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        bias_mat = pl.load(bias, [0, 0], [1, 128], target_memory=pl.Mem.Mat)
        bias_tbl = pl.move(bias_mat, target_memory=pl.Mem.Bias)
        spare: pl.Tile[[1, 128], pl.FP32, pl.Mem.Bias] = pl.tile.create([1, 128], dtype=pl.FP32,
                                                                         target_memory=pl.Mem.Bias)
        x_l = pl.move(pl.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(x_l, w_r)
        y = pl.store(acc, [0, 0], y)
        return y
