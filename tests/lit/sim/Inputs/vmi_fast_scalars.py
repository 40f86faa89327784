# Scalars the register executor reads without the interpreter (lib/sim/VmiRegion.cpp): a
# lane-uniform element `s[i]` of a 2-D tile's row scale, and vci's cast base
# `pl.cast(q * 64 + ..., pl.INT32)` of the loop index used as a value (row tail 200 of 256).
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((4, 256), "float32"), S: T.Tensor((4, 2), "float32"),
         A: T.Tensor((4, 256), "int32"), Y: T.Tensor((4, 256), "float32"),
         B: T.Tensor((4, 256), "int32")):
    with T.Kernel(1):
        x = T.alloc_shared((4, 256), "float32")
        s = T.alloc_shared((4, 2), "float32")
        a = T.alloc_shared((4, 256), "int32")
        y = T.alloc_shared((4, 256), "float32")
        b = T.alloc_shared((4, 256), "int32")
        T.copy(X, x)
        T.copy(S, s)
        T.copy(A, a)
        T.copy(Y, y)
        T.copy(B, b)
        with T.SimdVF(lanes=64), T.Parallel(4, 200) as (i, j):
            y[i, j] = x[i, j] * s[i, 1] + 1.0
            b[i, j] = a[i, j] + j
        T.copy(y, Y)
        T.copy(b, B)
