# An if's result takes the row-major type when both arms yield a repaired (row-major) value,
# so neither arm moves its value back to the NZ layout and the add after the if reads it as
# it is (`r`); both arms reuse the row-major copy of v made before the if. When the arms disagree (one passes the NZ tile through), the row-major arm's
# value is moved back to the result's type, as before (`q`). Inside the loop the body makes
# its own row-major copy of v: the one made before the loop is not reused across iterations.
# The cycle model: 253 cycles for the rewritten kernel (295 before the if rule and the reuse
# of the copy before the if; 127 as written, without moves).
# RUN: %ptoc compare %s --passes=resolve-backend-op-layouts --against=verify | FileCheck %s --check-prefix=CYCLES
# CYCLES: [a5] f: 253 cycles against 127 cycles
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts | FileCheck %s --check-prefix=OK
# CHECK: v_row_major: {{.*}} = pl.tile.move(v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major
# CHECK-NEXT: a: {{.*}} = pl.tile.exp(v_row_major)
# CHECK-NEXT: if n > 2:
# CHECK-NEXT: c1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.neg(v_row_major)
# CHECK-NEXT: r = pl.yield_(c1)
# CHECK-NEXT: else:
# CHECK-NEXT: c2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.abs(v_row_major)
# CHECK-NEXT: r = pl.yield_(c2)
# CHECK-NEXT: d: {{.*}} = pl.tile.add(r, a)
# CHECK-NEXT: if n > 3:
# CHECK-NEXT: c3: {{.*}} = pl.tile.exp(v_row_major)
# CHECK-NEXT: c3_Vec: {{.*}}col_major{{.*}} = pl.tile.move(c3, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# CHECK-NEXT: q = pl.yield_(c3_Vec)
# CHECK-NEXT: else:
# CHECK-NEXT: q = pl.yield_(v)
# CHECK: for i, (acc,) in pl.range(2, init_values=
# CHECK: v_row_major_1: {{.*}} = pl.tile.move(v,
# CHECK-NEXT: acc_1: {{.*}} = pl.tile.add(acc_row_major, v_row_major_1)
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    v = pl.move(m, target_memory=pl.Mem.Vec)
    a = pl.exp(v)
    if n > 2:
        c1 = pl.neg(v)
        r = pl.yield_(c1)
    else:
        c2 = pl.abs(v)
        r = pl.yield_(c2)
    d = pl.add(r, a)
    if n > 3:
        c3 = pl.exp(v)
        q = pl.yield_(c3)
    else:
        q = pl.yield_(v)
    for i, (acc,) in pl.range(2, init_values=(d,)):
        acc_1 = pl.add(acc, v)
        acc_2 = pl.yield_(acc_1)
    e = pl.add(acc_2, pl.move(q, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box))
    o = pl.store(e, [0, 0], out)
    return o
