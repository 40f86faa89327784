# fp32 2-D row tail: y[i, j] = x[i, j] * s[i] + 1 over (64, 1000) of [64, 1024], 128 lanes;
# s[i] is a lane-uniform load.
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((64, 1024), "float32"), S: T.Tensor((64,), "float32"),
         Y: T.Tensor((64, 1024), "float32")):
    with T.Kernel(1):
        x = T.alloc_shared((64, 1024), "float32")
        s = T.alloc_shared((64,), "float32")
        y = T.alloc_shared((64, 1024), "float32")
        T.copy(X, x)
        T.copy(S, s)
        T.copy(Y, y)
        with T.SimdVF(lanes=128), T.Parallel(64, 1000) as (i, j):
            y[i, j] = x[i, j] * s[i] + 1.0
        T.copy(y, Y)
