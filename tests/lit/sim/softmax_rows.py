# Row softmax on the simulator, checked against numpy on the same inputs.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen softmax_rows %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check softmax_rows %t/in %t/out
# CHECK: ran softmax in {{.*}}; inputs: x (file), y (zeros); wrote y.npy, return_0.npy to
import pypto.language as pl


@pl.program
class RowSoftmax:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[8, 128], pl.FP32],
                y: pl.Out[pl.Tensor[[8, 128], pl.FP32]]) -> pl.Tensor[[8, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 128], target_memory=pl.Mem.Vec)
        m = pl.tile.row_max(t)
        e = pl.exp(pl.tile.row_expand_sub(t, m))
        s = pl.tile.row_sum(e)
        y = pl.store(pl.tile.row_expand_div(e, s), [0, 0], y)
        return y
