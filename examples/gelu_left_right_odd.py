# A matmul with a GELU epilogue (the sigmoid approximation h * sigmoid(1.702 h)) and a per-column bias, split
# LEFT_RIGHT over an odd number of output columns (45): AIV lane 0 owns 23 columns and lane 1
# owns 22. The cube pushes the full [32, 45] product once with the odd split code 4; each lane
# pops its columns, narrows its valid extent, loads its slice of the bias and stores its
# columns.
#     ptoc compile examples/gelu_left_right_odd.py
#     ptoc check examples/gelu_left_right_odd.py --passes=compile
import pypto.language as pl


@pl.program
class GeluLeftRightOdd:
    @pl.function
    def main(self, x: pl.Tensor[[32, 64], pl.FP16], w: pl.Tensor[[64, 45], pl.FP16],
             bias: pl.Tensor[[32, 45], pl.FP32],
             y: pl.Out[pl.Tensor[[32, 45], pl.FP32]]) -> pl.Tensor[[32, 45], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)],
                   name_hint="proj_gelu"):
            x_l = pl.move(pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            w_r = pl.move(pl.load(w, [0, 0], [64, 45], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            acc = pl.matmul(x_l, w_r)
            h = pl.move(acc, target_memory=pl.Mem.Vec)
            h = pl.add(h, pl.load(bias, [0, 0], [32, 45], target_memory=pl.Mem.Vec))
            # h * sigmoid(1.702 h) = h / (1 + exp(-1.702 h))
            g = pl.div(h, pl.adds(pl.exp(pl.muls(h, -1.702)), 1.0))
            y = pl.store(g, [0, 0], y)
        return y
