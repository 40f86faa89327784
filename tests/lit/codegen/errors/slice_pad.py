# tile.slice with pad_value: pto.subset keeps the source's pad: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: slice_pad.py:[[@LINE+3]]:9: error: tile.slice with pad_value has no PTO form (pto.subset keeps the pad)
    # CHECK: hint: slice without pad_value and fill with pl.tile.fillpad
    # CHECK-NOT: module
    u = pl.tile.slice(t, [16, 32], [0, 32], pad_value=pl.PadValue.zero)
    y1 = pl.store(u, [0, 0], y)
    return y1
