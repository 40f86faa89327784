# A loop-carried value that enters whole (a Vec tile parameter, held by both lanes) but is
# replaced by a per-lane half in the body: the loop enters with this lane's window of the
# parameter (was: rejected as a width change).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# CHECK: for i, (acc,) in pl.range(2, init_values=(pl.tile.slice(bias, [32, 64], [subblock_idx * 32, 0]),)):
# CHECK-NEXT: nxt: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(h)
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
