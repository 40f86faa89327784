# pl.unroll loops cannot carry iter_args: one that updates a value read later is
# unrolled (the loop variable becomes a constant in each copy); a pl.unroll loop
# that carries nothing is kept.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[32, 192], pl.FP32],
      y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
      z: pl.Out[pl.Tensor[[32, 192], pl.FP32]]
      ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 192], pl.FP32]]:
    best = pl.tile.full([32, 64], -3.0e38, dtype=pl.FP32)
    for u in pl.unroll(3):
        c = pl.load(x, [0, u * 64], [32, 64])
        best = pl.maximum(best, c)
    y = pl.store(best, [0, 0], y)
    for v in pl.unroll(3):
        e = pl.exp(pl.load(x, [0, v * 64], [32, 64]))
        pl.store(e, [0, v * 64], z)
    return y, z
# CHECK: c: {{.*}} = pl.tile.load(x, [0, 0 * 64]
# CHECK-NEXT: best_1: {{.*}} = pl.tile.maximum(best, c)
# CHECK-NEXT: c_1: {{.*}} = pl.tile.load(x, [0, 1 * 64]
# CHECK-NEXT: best_2: {{.*}} = pl.tile.maximum(best_1, c_1)
# CHECK-NEXT: c_2: {{.*}} = pl.tile.load(x, [0, 2 * 64]
# CHECK-NEXT: best_3: {{.*}} = pl.tile.maximum(best_2, c_2)
# CHECK-NEXT: y_1: {{.*}} = pl.tile.store(best_3, [0, 0], y)
# CHECK-NEXT: for v in pl.unroll(3):
