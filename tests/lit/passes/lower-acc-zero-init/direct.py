# A zero Acc fill read directly as a matmul_acc's accumulator: each such matmul_acc overwrites
# a fresh uninitialized Acc tile of its own (init_cond=True, PTO's pto.tmatmul): matmul_acc
# updates its accumulator in place, and the fill has two readers here. A given init_cond is
# moot there and becomes True. The fill itself, read by nothing else, is dropped.
# The Mat fill (tile.full's target_memory from the annotation) stays a fill: PTO fills Mat.
# RUN: %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space,lower-acc-zero-init --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc compile %s --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 64], pl.FP16], w: pl.Tensor[[64, 32], pl.FP16], flag: pl.Scalar[pl.INT32],
      o: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    zero: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.full([16, 32], 0, dtype=pl.FP32)
    x_l = pl.move(pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
    ones: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.full([64, 32], 1.0, dtype=pl.FP16)
    w_r = pl.move(ones, target_memory=pl.Mem.Right)
    a = pl.matmul_acc(zero, x_l, w_r)
    b = pl.matmul_acc(zero, x_l, w_r, flag == 0)
    o = pl.store(a, [0, 0], o)
    o2 = pl.store(b, [0, 0], o2)
    return o
# CHECK-NOT: zero
# CHECK: ones: pl.Tile{{\[\[}}64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.full([64, 32], 1.0, dtype=pl.FP16, target_memory=pl.Mem.Mat)
# CHECK: a: {{.*}} = pl.tile.matmul_acc(pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc), x_l, w_r, True)
# CHECK: b: {{.*}} = pl.tile.matmul_acc(pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc), x_l, w_r, True)
# PTO: pto.texpands ins({{.*}}) outs(%ones : !pto.tile_buf<loc=mat,
# PTO-NOT: pto.tmatmul.acc
# PTO: %a = pto.alloc_tile : !pto.tile_buf<loc=acc,
# PTO-NEXT: pto.tmatmul ins({{.*}}) outs(%a :
# PTO: %b = pto.alloc_tile : !pto.tile_buf<loc=acc,
# PTO-NEXT: pto.tmatmul ins({{.*}}) outs(%b :
# PTO-NOT: pto.tmatmul.acc
