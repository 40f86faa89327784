# Element loads and stores of global tensors outside a region go through one-element tiles
# (pl.load / pl.store); T.clear and T.fill become pl.tile.full or an element loop.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((4, 64), "float32"), S: T.Tensor((2,), "float32"), B: T.Tensor((4, 64), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((4, 64), "float32")
        b = T.alloc_shared((4, 64), "float32")
        T.copy(A, a)
        T.clear(b)
        T.fill(b[1, 0:32], 2.5)
        scale = S[0] + S[1]
        with T.SimdVF(lanes=64), T.Parallel(4, 64) as (i, j):
            b[i, j] = b[i, j] + a[i, j] * scale
        T.copy(b, B)
        B[0, 0] = S[1]
# CHECK: b: {{.*}} = pl.tile.full([4, 64], 0.0, dtype=pl.FP32)
# CHECK-NEXT: for _f0_0 in pl.range(1):
# CHECK-NEXT: for _f0_1 in pl.range(32):
# CHECK-NEXT: b[1 + _f0_0, 0 + _f0_1] = 2.5
# CHECK-NEXT: _g1: {{.*}} = pl.tile.load(S, [0], [1], target_memory=pl.Mem.Vec)
# CHECK-NEXT: _g2: {{.*}} = pl.tile.load(S, [1], [1], target_memory=pl.Mem.Vec)
# CHECK-NEXT: scale: pl.Scalar[pl.FP32] = _g1[0] + _g2[0]
# CHECK: _g4[0, 0] = _g3[0]
# CHECK-NEXT: B: {{.*}} = pl.tile.store(_g4, [0, 0], B)
