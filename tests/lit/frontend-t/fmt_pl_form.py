# A T kernel binds to the same IR as its pl form: `ptoc fmt` prints the pl form, which parses
# back to an equal program (lit runs every ptoc command with PTOC_VERIFY_ROUNDTRIP=1), and
# `ptoc equal` finds the printed form equal to the T source.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py
# RUN: %ptoc equal %s %t.py
import tilelang.language as T

E = 150
P = 256


@T.prim_func
def main(A: T.Tensor((P,), "float32"), B_init: T.Tensor((P,), "float32"),
         B: T.Tensor((P,), "float32"), s: T.float32):
    with T.Kernel(1):
        a = T.alloc_shared((P,), "float32")
        b = T.alloc_shared((P,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(E):
                b[i] = a[i] * s + a[i]
        T.copy(b, B)
# CHECK: import pypto.language as pl
# CHECK: @pl.function(type=pl.FunctionType.AIV)
# CHECK-NEXT: def main(A: pl.Tensor{{\[\[}}256], pl.FP32], B_init: pl.Tensor{{\[\[}}256], pl.FP32], B: pl.Out[pl.Tensor{{\[\[}}256], pl.FP32{{\]\]}}, s: pl.Scalar[pl.FP32]):
# CHECK-NEXT: a: pl.Tile{{\[\[}}256], pl.FP32, pl.Mem.Vec] = pl.tile.create([256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK: a: pl.Tile{{\[\[}}256], pl.FP32, pl.Mem.Vec] = pl.tile.load(A, [0], [256], target_memory=pl.Mem.Vec)
# CHECK-NEXT: b: pl.Tile{{\[\[}}256], pl.FP32, pl.Mem.Vec] = pl.tile.load(B_init, [0], [256], target_memory=pl.Mem.Vec)
# CHECK-NEXT: with pl.simd_vf(lanes=128):
# CHECK-NEXT: for i in pl.parallel(150):
# CHECK-NEXT: b[i] = a[i] * s + a[i]
# CHECK-NEXT: B: pl.Tensor{{\[\[}}256], pl.FP32] = pl.tile.store(b, [0], B)
