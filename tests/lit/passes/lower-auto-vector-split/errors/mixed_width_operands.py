# A full-width vector tile that the split machinery did not produce (a Vec tile
# parameter) meets a per-lane half in an elementwise op: rejected at the op.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}mixed_width_operands.py:16:13: error: lower-auto-vector-split: tile.add mixes the per-lane half of one operand with the full-width tile 'bias' (its split axis 0 has 64 eleme
# CHECK: hint: produce the full-width operand inside the split function (load, full, or a C->V move) so i
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
