# The split function returns a vector tile that became a per-lane half: rejected at the return.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}returns_halved_tile.py:15:9: error: lower-auto-vector-split: the function returns the halved vector tile 'e'
# CHECK: hint: store the per-lane result to an Out tensor (each lane writes its half) and return the tens
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat]) -> pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        h = pl.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        e = pl.exp(h)
        return e
