# Inside a pl.simd_vf region element stores are memory effects and stay as they
# are (no new versions of the tile); a per-lane scalar updated in a pl.range loop
# is an ordinary SSA variable carried by that loop.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[8, 64], pl.FP32],
      s: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
    a = pl.load(x, [0, 0], [8, 64])
    cs = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        for j in pl.parallel(64):
            acc = 0.0
            for k in pl.range(8):
                acc = acc + a[k, j]
            cs[0, j] = acc
            cs[0, j] = cs[0, j] * 2.0
    s = pl.store(cs, [0, 0], s)
    return s
# CHECK: with pl.simd_vf(lanes=64):
# CHECK-NEXT: for j in pl.parallel(64):
# CHECK-NEXT: acc: pl.Scalar[pl.FP32] = 0.0
# CHECK-NEXT: for k, (acc_1,) in pl.range(8, init_values=(acc,)):
# CHECK-NEXT: acc_2: {{.*}} = acc_1 + a[k, j]
# CHECK-NEXT: acc_3 = pl.yield_(acc_2)
# CHECK-NEXT: cs[0, j] = acc_3
# CHECK-NEXT: cs[0, j] = cs[0, j] * 2.0
# CHECK-NEXT: s_1: {{.*}} = pl.tile.store(cs, [0, 0], s)
