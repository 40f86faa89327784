# Weight-stationary GEMM: the whole weight stays in Mat (L1) and tile.extract pulls [128, 128] panels into Right per output block; pl.range(start, stop, step).
import pypto.language as pl


@pl.program
class WeightPanels:
    @pl.function(type=pl.FunctionType.InCore)
    def linear(self, x: pl.Tensor[[64, 128], pl.FP16], w: pl.Tensor[[128, 512], pl.FP16],
               y: pl.Out[pl.Tensor[[64, 512], pl.FP32]]) -> pl.Tensor[[64, 512], pl.FP32]:
        x_mat = pl.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        x_l = pl.tile.extract(x_mat, 0, 0, [64, 128], target_memory=pl.Mem.Left)
        w_mat: pl.Tile[[128, 512], pl.FP16, pl.Mem.Mat] = pl.load(w, [0, 0], [128, 512], target_memory=pl.Mem.Mat)
        for n in pl.range(0, 512, 128):
            w_r = pl.tile.extract(w_mat, 0, n, [128, 128], target_memory=pl.Mem.Right)
            o = pl.tile.matmul(x_l, w_r)
            y = pl.tile.store(o, [0, n], y)
        return y
