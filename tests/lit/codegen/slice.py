# tile.slice -> pto.subset (a view of the source's storage). PTOAS infers the window's type:
# constant offsets keep static valid extents and the value is used as is; a dynamic offset
# makes PTOAS's valid extents `?`, so the window is copied (pto.tmov) into a buffer of the
# IR's static type.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], k: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    u = pl.tile.slice(t, [16, 32], [0, 32])
    v = pl.tile.slice(t, [16, 32], [0, k])
    w = pl.add(u, v)
    y1 = pl.store(w, [0, 0], y)
    return y1
# CHECK: %u = pto.subset %t[%c0, %c32] sizes [16, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64,
# CHECK: %v = pto.subset %t[%c0, %k] sizes [16, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64,
# CHECK: %v_copy = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32,
# CHECK: pto.tmov ins(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=?, {{.*}}) outs(%v_copy : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32,
# CHECK: pto.tadd ins(%u, %v_copy : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32,
