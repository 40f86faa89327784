# bench/split/matmul_exp_loop.py with 32 row blocks instead of 8, for the split-speedup bench
# (bench/split_speedup.sh): the same loop body, so the first block's cube work and push
# (about 1000 cycles before the lanes start, the same split or not) weigh a quarter as
# much against the loop's steady state.
import pypto.language as pl


@pl.program
class MatmulExpLong:
    @pl.function
    def main(self, x: pl.Tensor[[2048, 64], pl.FP16], w: pl.Tensor[[64, 128], pl.FP16],
             scale: pl.Scalar[pl.FP32],
             out: pl.Out[pl.Tensor[[2048, 128], pl.FP32]]) -> pl.Tensor[[2048, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
                   name_hint="blocks"):
            w_r = pl.move(pl.load(w, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            for j in pl.range(32):
                x_l = pl.move(pl.load(x, [j * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
                s = pl.matmul(x_l, w_r)
                sv = pl.mul(pl.move(s, target_memory=pl.Mem.Vec), scale)
                e = pl.exp(pl.row_expand_sub(sv, pl.row_max(sv)))
                y = pl.row_expand_div(e, pl.row_sum(e))
                out = pl.store(y, [j * 64, 0], out)
        return out
