# tile.transpose_view: PTO has no transposed view: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: transpose_view.py:[[@LINE+3]]:9: error: tile.transpose_view has no PTO emitter: PTO has no transposed view of a tile (pto.ttrans copies with a scratch tile)
    # CHECK: hint: use pl.transpose (pto.ttrans)
    # CHECK-NOT: module
    s = pl.tile.transpose_view(t)
    y1 = pl.store(s, [0, 0], y)
    return y1
