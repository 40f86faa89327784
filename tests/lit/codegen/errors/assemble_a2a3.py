# tile.assemble of Vec tiles on a2a3: its tinsert moves Acc into Mat only: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a2a3 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], p: pl.Tensor[[8, 32], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    part = pl.load(p, [0, 0], [8, 32])
    # CHECK: assemble_a2a3.py:[[@LINE+3]]:9: error: tile.assemble on a2a3 moves an Acc tile into a Mat tile only (PTO tinsert)
    # CHECK: hint: assemble Vec tiles on a5, or store the parts to GM and load the whole
    # CHECK-NOT: module
    w = pl.tile.assemble(t, part, [8, 32])
    y1 = pl.store(w, [0, 0], y)
    return y1
