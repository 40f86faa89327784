# tile.gather with INT16 indices: A5's tgather takes them, A2/A3's only 32-bit indices (PTOAS:
# "expects indices element type to be i32"): reported at the call on a2a3, emitted on a5.
# RUN: not %ptoc compile %s --arch=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5: pto.tgather ins(%a, %i, %tmp :
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[8, 32], pl.FP32], ix: pl.Tensor[[8, 32], pl.INT16],
      y: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
    a = pl.load(x, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    i = pl.load(ix, [0, 0], [8, 32], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([8, 32], dtype=pl.INT16, target_memory=pl.Mem.Vec)
    # CHECK: gather_i16_a2a3.py:[[@LINE+3]]:9: error: PTO's tgather takes 32-bit indices on a2a3, got INT16
    # CHECK: hint: build the index tile as pl.INT32
    # CHECK-NOT: module
    g = pl.tile.gather(a, i, tmp)
    y1 = pl.store(g, [0, 0], y)
    return y1
