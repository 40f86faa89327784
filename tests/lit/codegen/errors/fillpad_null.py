# tile.fillpad with pad_value=null fills nothing: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64], valid_shape=[10, 60])
    # CHECK: fillpad_null.py:[[@LINE+3]]:9: error: tile.fillpad needs a fill value (pad_value=null fills nothing)
    # CHECK: hint: pass pad_value=pl.PadValue.zero, max or min
    # CHECK-NOT: module
    u = pl.tile.fillpad(t, pad_value=pl.PadValue.null)
    y1 = pl.store(u, [0, 0], y)
    return y1
