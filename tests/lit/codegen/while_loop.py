# A while loop becomes scf.while: the carried counter is the operand of both regions (the
# condition reads the `before` block's, the body the `after` block's); the tile carried
# through the loop is one buffer, refreshed with pto.tmov before the yield.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 32])
    i = 0
    while i < 3:
        t = pl.add(t, t)
        i = i + 1
    y = pl.store(t, [0, 0], y)
    return y
# CHECK: %while_res:1 = scf.while (%i = %c0) : (index) -> (index) {
# CHECK-NEXT: %cmp = arith.cmpi slt, %i, %c3 : index
# CHECK-NEXT: scf.condition(%cmp) %i : index
# CHECK-NEXT: } do {
# CHECK-NEXT: ^bb0(%i_b: index):
# CHECK-NEXT: %t_1 = pto.alloc_tile
# CHECK-NEXT: pto.tadd ins(%t, %t : {{.*}}) outs(%t_1 : {{.*}})
# CHECK-NEXT: %v = arith.addi %i_b, %c1 : index
# CHECK-NEXT: pto.tmov ins(%t_1 : {{.*}}) outs(%t : {{.*}})
# CHECK-NEXT: scf.yield %v : index
# CHECK-NEXT: }
# CHECK: pto.tstore ins(%t : {{.*}})
