# tile.sort32 takes INT32 or UINT32 indices; PTO's tsort32 only UINT32 (PTOAS: "expects idx
# element type to be u32"): reported at the index, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.INT32],
      y: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
    a = pl.load(x, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    i = pl.load(ix, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    # CHECK: sort32_int_index.py:[[@LINE+3]]:9: error: PTO's tsort32 takes UINT32 indices, got INT32
    # CHECK: hint: build the index tile as pl.UINT32
    # CHECK-NOT: module
    s = pl.tile.sort32(a, i)
    y1 = pl.store(s, [0, 0], y)
    return y1
