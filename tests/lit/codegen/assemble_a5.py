# tile.assemble writes the source into the target in place: pto.tinsert (a5 takes Vec
# tiles; on a2a3 only Acc -> Mat, tests/lit/codegen/errors/assemble_a2a3.py).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], p: pl.Tensor[[8, 32], pl.FP32],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    part = pl.load(p, [0, 0], [8, 32])
    w = pl.tile.assemble(t, part, [8, 32])
    y1 = pl.store(w, [0, 0], y)
    return y1
# CHECK: pto.tinsert ins(%part, %c8, %c32 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>, index, index) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
# CHECK: pto.tstore ins(%t :
