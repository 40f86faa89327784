# tile.scatter indexes the flattened destination; PTO's tscatter takes a destination row per
# element (pto-isa TSCATTER: dst[idx[i, j], j] = src[i, j]): reported at the call.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.INT32],
      y: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
    a = pl.load(x, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    i = pl.load(ix, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    # CHECK: scatter_flat.py:[[@LINE+3]]:9: error: tile.scatter has no PTO emitter: PTO's tscatter writes dst[indexes[i, j], j]
    # CHECK: hint: scatter with
    # CHECK-NOT: module
    s = pl.tile.scatter(a, a, i)
    y1 = pl.store(s, [0, 0], y)
    return y1
