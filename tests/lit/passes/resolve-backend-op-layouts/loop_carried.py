# A loop carries a col_major tile: the op inside gets a row-major operand, and its row-major
# result is moved back to the carried layout before the yield.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
# CHECK: for i, (s,) in pl.range(3, init_values=(s0,)):
# CHECK-NEXT: s_row_major: {{.*}} = pl.tile.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: s2: {{.*}}pl.Mem.Vec] = pl.tile.muls(s_row_major, 0.5)
# CHECK-NEXT: s2_Vec: {{.*}} = pl.tile.move(s2, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# CHECK-NEXT: s_out = pl.yield_(s2_Vec)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    al = pl.move(a, target_memory=pl.Mem.Left)
    ar = pl.move(a, target_memory=pl.Mem.Right)
    c = pl.matmul(al, ar)
    s0 = pl.move(c, target_memory=pl.Mem.Vec)
    for i, (s,) in pl.range(3, init_values=(s0,)):
        s2 = pl.muls(s, 0.5)
        s_out = pl.yield_(s2)
    o = pl.store(s_out, [0, 0], out)
    return o
