# An augmented assignment to a global tensor element outside a region reads and writes it
# through one-element tiles (and makes the tensor pl.InOut).
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc run %s --out %t.dir | FileCheck %s --check-prefix=OUT
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((4,), "float32"), B: T.Tensor((4,), "float32")):
    with T.Kernel(1):
        B[1] += A[2] * 2.0
# CHECK: B: pl.InOut[pl.Tensor{{\[\[}}4], pl.FP32{{\]\]}}
# CHECK: _g0: {{.*}} = pl.tile.load(B, [1], [1], target_memory=pl.Mem.Vec)
# CHECK: _g2[0] = _g0[0] + _g1[0] * 2.0
# CHECK-NEXT: B: {{.*}} = pl.tile.store(_g2, [1], B)
# OUT: wrote B.npy
