# pypto-facts §3.5: a matmul of two Vec loads gets its operands moved to Left and Right.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: x_tile_Left: {{.*}}pl.Mem.Left] = pl.tile.move(x_tile, target_memory=pl.Mem.Left)
# CHECK-NEXT: y_tile_Right: {{.*}}pl.Mem.Right] = pl.tile.move(y_tile, target_memory=pl.Mem.Right)
# CHECK-NEXT: z: {{.*}}pl.Mem.Acc] = pl.tile.matmul(x_tile_Left, y_tile_Right)
# CHECK-NEXT: pl.tile.store(z, [0, 0], out)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP16], y: pl.Tensor[[64, 32], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    x_tile = pl.load(x, [0, 0], [16, 64])
    y_tile = pl.load(y, [0, 0], [64, 32])
    z = pl.matmul(x_tile, y_tile)
    o = pl.store(z, [0, 0], out)
    return o
