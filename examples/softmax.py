# Row softmax, the "hello world" of tile kernels.
#
# softmax_rows is an InCore kernel: it loads one [16, 128] FP32 block of rows
# from GM into a vector (UB) tile, subtracts each row's maximum for numerical
# stability, exponentiates, divides by the row sum and stores the result.
# Reductions keep the reduced axis (row_max: [16, 128] -> [16, 1]) and the
# row_expand_* ops broadcast such a column back over the row.
#
# main is the Orchestration entry: it walks the [64, 128] input in four
# 16-row blocks and calls the kernel once per block.
#
# Print the canonical form (every assignment annotated with its deduced type) with:
#     ptoc fmt examples/softmax.py
import pypto.language as pl


@pl.program
class Softmax:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax_rows(self, x: pl.Tensor[[64, 128], pl.FP32], row0: pl.Scalar[pl.INDEX],
                     y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [row0, 0], [16, 128], target_memory=pl.Mem.Vec)
        row_max = pl.row_max(t)                   # [16, 1]
        shifted = pl.row_expand_sub(t, row_max)   # x - max(x) per row
        e = pl.exp(shifted)
        row_sum = pl.row_sum(e)                   # [16, 1]
        probs = pl.row_expand_div(e, row_sum)
        y = pl.store(probs, [row0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32],
             y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for blk in pl.range(4):
            y = self.softmax_rows(x, blk * 16, y)
        return y
