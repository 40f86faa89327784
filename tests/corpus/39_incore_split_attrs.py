# Mixed InCore kernels carrying a function-level split: pl.func_attr({"split": UP_DOWN}) and the decorator spelling attrs={"split": LEFT_RIGHT, "slot_num": 4}.
import pypto.language as pl


@pl.program
class SplitAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def qk_softmax(self, q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
                   out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        q_l = pl.move(pl.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.move(pl.matmul(q_l, k_r), target_memory=pl.Mem.Vec)
        e = pl.exp(pl.row_expand_sub(s, pl.row_max(s)))
        out = pl.store(pl.row_expand_div(e, pl.row_sum(e)), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "slot_num": 4})
    def gate_up(self, x: pl.Tensor[[64, 128], pl.BF16], w: pl.Tensor[[128, 256], pl.BF16],
                out: pl.Out[pl.Tensor[[64, 256], pl.BF16]]) -> pl.Tensor[[64, 256], pl.BF16]:
        x_l = pl.move(pl.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [128, 256], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        h = pl.move(pl.matmul(x_l, w_r), target_memory=pl.Mem.Vec)
        act = pl.relu(h)
        out = pl.store(pl.tile.cast(act, dtype=pl.BF16), [0, 0], out)
        return out

    @pl.function
    def main(self, q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             x: pl.Tensor[[64, 128], pl.BF16], w: pl.Tensor[[128, 256], pl.BF16],
             p: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             h: pl.Out[pl.Tensor[[64, 256], pl.BF16]]
             ) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[64, 256], pl.BF16]]:
        p = self.qk_softmax(q, kt, p)
        h = self.gate_up(x, w, h)
        return p, h
