# A vector-bound mixed kernel for the split-speedup bench (bench/split_speedup.sh): eight
# row blocks, each X_j W on the cube (64x64 by 64x128, FP16 -> FP32 in Acc), then a
# vector epilogue of seven tile ops on the [64, 128] FP32 scores (scale, bias, exp, a
# row-normalised softmax-like chain), stored per block. The cube's work per block (one
# load, one matmul, one 32 KiB push) is well under half the vector work, so the split
# should approach 2x.
import pypto.language as pl


@pl.program
class MatmulExpLoop:
    @pl.function
    def main(self, x: pl.Tensor[[512, 64], pl.FP16], w: pl.Tensor[[64, 128], pl.FP16],
             scale: pl.Scalar[pl.FP32],
             out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
                   name_hint="blocks"):
            w_r = pl.move(pl.load(w, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            for j in pl.range(8):
                x_l = pl.move(pl.load(x, [j * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
                s = pl.matmul(x_l, w_r)
                sv = pl.mul(pl.move(s, target_memory=pl.Mem.Vec), scale)
                e = pl.exp(pl.row_expand_sub(sv, pl.row_max(sv)))
                y = pl.row_expand_div(e, pl.row_sum(e))
                out = pl.store(y, [j * 64, 0], out)
        return out
