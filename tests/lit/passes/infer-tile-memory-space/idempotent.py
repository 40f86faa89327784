# Running the pass twice gives the same program as running it once.
# RUN: %ptoc opt %s --passes=infer-tile-memory-space > %t.once.py
# RUN: %ptoc opt %s --passes=infer-tile-memory-space,infer-tile-memory-space > %t.twice.py
# RUN: %ptoc equal %t.once.py %t.twice.py
# RUN: %ptoc opt %t.once.py --passes=infer-tile-memory-space --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=infer-tile-memory-space,infer-tile-memory-space
# CHECK: a_Left: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: a_Right: {{.*}} = pl.tile.move(a, target_memory=pl.Mem.Right)
# CHECK-NEXT: pl.tile.matmul(a_Left, a_Right)
# CHECK-NEXT: c_Vec: {{.*}} = pl.tile.move(c,
# CHECK-NEXT: pl.tile.add(c_Vec, c_Vec)
# CHECK-NOT: pl.tile.move
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    a = pl.load(x, [0, 0], [16, 16])
    c = pl.matmul(a, a)
    d = pl.add(c, c)
    o = pl.store(d, [0, 0], out)
    return o
