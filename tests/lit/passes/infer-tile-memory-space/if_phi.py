# An if merging two Vec tiles: the phi keeps Vec; its use by a matmul gets one move after
# the if; each arm's own constrained uses get their own moves.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: if n > 2:
# CHECK-NEXT: r = pl.yield_(a)
# CHECK-NEXT: else:
# CHECK-NEXT: r = pl.yield_(b)
# CHECK-NEXT: r_Left: {{.*}}pl.Mem.Left] = pl.tile.move(r, target_memory=pl.Mem.Left)
# CHECK-NEXT: b_Right: {{.*}} = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(r_Left, b_Right)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 16], pl.FP16], y: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 16])
    b = pl.load(y, [0, 0], [16, 16])
    if n > 2:
        r = pl.yield_(a)
    else:
        r = pl.yield_(b)
    c = pl.matmul(r, b)
    o = pl.store(c, [0, 0], out)
    return o
