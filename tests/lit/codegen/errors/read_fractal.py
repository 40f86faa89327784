# tile.read of a Mat tile: tgetval addresses Vec tiles only: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIC)
def f(x: pl.Tensor[[16, 64], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
    t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
    # CHECK: read_fractal.py:[[@LINE+3]]:9: error: tile.read of a fractal or non-Vec tile has no PTO form (tgetval / tsetval address Vec tiles by a linear offset)
    # CHECK: hint: move the tile to Vec with an ND layout (blayout row_major, slayout none_box) first
    # CHECK-NOT: module
    v = pl.tile.read(t, [0, 0])
    y1 = pl.store(t, [0, 0], y)
    return y1
