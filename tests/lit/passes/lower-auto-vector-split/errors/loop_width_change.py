# A loop-carried value that enters full width (a Vec tile parameter) but is replaced by a per-lane half in the body: rejected at the loop.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}loop_width_change.py:15:9: error: lower-auto-vector-split: the loop-carried value 'acc' enters the loop as Tile{{\[\[}}64, 64], FP32, Vec] but the halved loop body yields Tile
# CHECK: hint: give the carried value its per-lane width before the loop (e.g. create the accumulator wit
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat], bias: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        for i, (acc,) in pl.range(2, init_values=(bias,)):
            nxt = pl.exp(h)
            acc_out = pl.yield_(nxt)
        y1 = pl.store(acc_out, [0, 0], y)
        return y1
