# lower-acc-zero-init: a zero Acc fill that starts a split-K accumulation loop (the natural
# form: `acc` assigned before the loop, reassigned by matmul_acc in it) becomes an
# uninitialized Acc tile whose first matmul_acc overwrites it: init_cond=(kb == 0). The
# simulator fills an uninitialized Acc tile with NaN, so `check` fails if the first
# iteration accumulated onto it. The PTO form branches over pto.tmatmul / pto.tmatmul.acc.
# RUN: %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space,lower-acc-zero-init --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc compile %s --emit=pto | FileCheck %s --check-prefix=PTO
# PyPTO's spelling without the annotation: the binder retypes the fill (it starts an Acc
# accumulation, `acc = pl.matmul_acc(acc, ...)`), and the same program comes out.
# RUN: sed 's/acc: pl.Tile\[\[16, 32\], pl.FP32, pl.Mem.Acc\] = /acc = /' %s > %t.plain.py
# RUN: %ptoc opt %t.plain.py --passes=convert-to-ssa,infer-tile-memory-space,lower-acc-zero-init | FileCheck %s
# RUN: %ptoc check %t.plain.py --passes=compile
# RUN: %ptoc fmt %t.plain.py | FileCheck %s --check-prefix=FILL
# Without the lowering the program keeps its zero fill (the simulator runs it too):
# RUN: %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space | FileCheck %s --check-prefix=FILL
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 256], pl.BF16], w: pl.Tensor[[256, 32], pl.BF16],
      o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    acc: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
    for kb in pl.range(0, 256, 64):
        x_l = pl.move(pl.load(x, [0, kb], [16, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [kb, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul_acc(acc, x_l, w_r)
    o = pl.store(acc, [0, 0], o)
    return o
# CHECK: acc: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc)
# CHECK-NEXT: for kb, (acc_1,) in pl.range(0, 256, 64, init_values=(acc,)):
# CHECK: acc_2: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc_1, x_l, w_r, kb == 0)
# CHECK-NOT: pl.tile.full
# FILL: acc: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.full([16, 32], 0.0, dtype=pl.FP32, target_memory=pl.Mem.Acc)
# PTO-NOT: pto.texpands
# PTO: %[[ACC:[a-z_0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32
# PTO: scf.for %kb =
# PTO: %[[C:[a-z_0-9]+]] = arith.cmpi eq, %kb, %c0 : index
# PTO-NEXT: scf.if %[[C]] {
# PTO-NEXT: pto.tmatmul ins(%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} : {{.*}}) outs(%[[ACC]] :
# PTO-NEXT: } else {
# PTO-NEXT: pto.tmatmul.acc ins(%[[ACC]], %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} : {{.*}}) outs(%[[ACC]] :
# PTO-NEXT: }
