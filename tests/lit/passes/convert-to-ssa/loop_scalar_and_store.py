# A scalar counter and the Out tensor both carried by one loop (two iter_args, in
# order of their first assignment in the body); blk is loop-local and not carried.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    row = 0
    for i in pl.range(4):
        blk = pl.load(x, [row, 0], [16, 64])
        y = pl.store(pl.exp(blk), [row, 0], y)
        row = row + 16
    return y
# CHECK: row: pl.Scalar[pl.INDEX] = 0
# CHECK-NEXT: for i, (y_1, row_1) in pl.range(4, init_values=(y, row)):
# CHECK-NEXT: blk: {{.*}} = pl.tile.load(x, [row_1, 0]
# CHECK-NEXT: y_2: {{.*}} = pl.tile.store(pl.tile.exp(blk), [row_1, 0], y_1)
# CHECK-NEXT: row_2: {{.*}} = row_1 + 16
# CHECK-NEXT: y_3, row_3 = pl.yield_(y_2, row_2)
# CHECK-NEXT: return y_3
