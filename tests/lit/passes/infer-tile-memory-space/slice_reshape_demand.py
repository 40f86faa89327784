# Tiles written without a memory space take the demand of their uses: a slice / reshape
# passes its consumer's demand to its source; a cube demand means Mat (then moved to
# Left/Right), a vector demand means Vec.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space
# CHECK: def f(x: {{.*}}pl.FP16, pl.Mem.Mat], y: {{.*}}pl.FP16, pl.Mem.Mat], v: {{.*}}pl.FP32, pl.Mem.Vec],
# CHECK-NEXT: xs: {{.*}}pl.Mem.Mat] = pl.tile.slice(x, [32, 16], [0, 16])
# CHECK-NEXT: y_Left: {{.*}} = pl.tile.move(y, target_memory=pl.Mem.Left)
# CHECK-NEXT: xs_Right: {{.*}} = pl.tile.move(xs, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(y_Left, xs_Right)
# CHECK: vr: {{.*}}pl.Mem.Vec] = pl.tile.reshape(v, [16, 16])
# CHECK-NEXT: pl.tile.exp(vr)
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tile[[32, 32], pl.FP16], y: pl.Tile[[16, 32], pl.FP16], v: pl.Tile[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
    xs = pl.tile.slice(x, [32, 16], [0, 16])
    c = pl.matmul(y, xs)
    o = pl.store(c, [0, 0], out)
    vr = pl.tile.reshape(v, [16, 16])
    e = pl.exp(vr)
    o2 = pl.store(e, [0, 0], out2)
    return o, o2
