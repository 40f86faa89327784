# A matmul result read by vector ops is moved Acc -> Vec, row-major, once per statement list.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: c: {{.*}}pl.Mem.Acc] = pl.tile.matmul(al, br)
# CHECK-NEXT: c_Vec: {{.*}}pl.Mem.Vec] = pl.tile.move(c, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: d: {{.*}}pl.Mem.Vec] = pl.tile.mul(c_Vec, c_Vec)
# CHECK-NEXT: e: {{.*}} = pl.tile.exp(d)
# CHECK-NOT: pl.tile.move
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP16], y: pl.Tensor[[64, 32], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
    b = pl.load(y, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    al = pl.move(a, target_memory=pl.Mem.Left)
    br = pl.move(b, target_memory=pl.Mem.Right)
    c = pl.matmul(al, br)
    d = pl.mul(c, c)
    e = pl.exp(d)
    o = pl.store(e, [0, 0], out)
    return o
