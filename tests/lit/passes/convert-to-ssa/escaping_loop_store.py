# A value first defined inside a loop and used after it: the result of a store
# into the Out tensor is promoted to an iter_arg initialised with that tensor.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32],
      y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    for i in pl.range(4):
        blk = pl.load(x, [i * 16, 0], [16, 64])
        out = pl.store(pl.neg(blk), [i * 16, 0], y)
    return out
# CHECK: for i, (out,) in pl.range(4, init_values=(y,)):
# CHECK-NEXT: blk: {{.*}} = pl.tile.load(
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(pl.tile.neg(blk), [i * 16, 0], y)
# CHECK-NEXT: out_2 = pl.yield_(out_1)
# CHECK-NEXT: return out_2
