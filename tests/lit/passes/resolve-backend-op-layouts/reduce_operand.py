# The data operand of a row/col reduction must be row-major: a Mat -> Vec move keeps the
# NZ layout, so the reduction gets a row-major copy (once for both reductions).
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
# CHECK: v_row_major: {{.*}} = pl.tile.move(v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: pl.tile.row_sum(v_row_major)
# CHECK-NEXT: pl.tile.col_max(v_row_major)
# CHECK-NOT: pl.tile.move
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]], out2: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[1, 64], pl.FP32]]:
    m = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
    v = pl.move(m, target_memory=pl.Mem.Vec)
    r = pl.row_sum(v)
    c = pl.col_max(v)
    o = pl.store(r, [0, 0], out)
    o2 = pl.store(c, [0, 0], out2)
    return o, o2
