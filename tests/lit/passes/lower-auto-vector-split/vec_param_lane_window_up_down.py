# A full-width vector tile that the split machinery did not produce (a Vec tile
# parameter, held whole by both lanes) meets a per-lane half in an elementwise op: the op
# reads this lane's window of it (was: rejected as mixed widths).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# CHECK: h: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: r: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(h, pl.tile.slice(bias, [32, 64], [subblock_idx * 32, 0]))
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat], bias: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec)
        r = pl.add(h, bias)
        y1 = pl.store(r, [0, 0], y)
        return y1
