# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# The loop form of pl.spmd: `for i in pl.spmd(n, ...)` is the scope `with pl.spmd(n, ...)`
# whose body starts with `i = pl.tile.get_block_idx()` (i is the block index).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def orch(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
         ) -> pl.Tensor[[64, 64], pl.FP32]:
    # CHECK: with pl.spmd(4, name_hint="rows"):
    # CHECK-NEXT: i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
    # CHECK-NEXT: t: pl.Tile{{.*}} = pl.tile.load(x, [i * 16, 0], [16, 64]
    for i in pl.spmd(4, name_hint="rows"):
        t = pl.load(x, [i * 16, 0], [16, 64])
        y = pl.store(t, [i * 16, 0], y)
    return y
