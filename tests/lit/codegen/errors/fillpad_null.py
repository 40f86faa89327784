# tile.fillpad with pad_value=null fills nothing: the front end rejects it at the call (as
# PyPTO's normalize_pad_value does); no output. (Codegen keeps its own check as a backstop.)
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64], valid_shape=[10, 60])
    # CHECK: fillpad_null.py:[[@LINE+3]]:28: error: keyword argument 'pad_value' of tile.fillpad must be one of pl.PadValue.zero, pl.PadValue.max, pl.PadValue.min; got pl.PadValue.null
    # CHECK: hint: e.g. pad_value=pl.PadValue.zero
    # CHECK-NOT: module
    u = pl.tile.fillpad(t, pad_value=pl.PadValue.null)
    y1 = pl.store(u, [0, 0], y)
    return y1
