# bf16 2-D divisible: y[i, j] = x[i, j] * x[i, j] over (32, 512), 128 lanes.
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((32, 512), "bfloat16"), Y: T.Tensor((32, 512), "bfloat16")):
    with T.Kernel(1):
        x = T.alloc_shared((32, 512), "bfloat16")
        y = T.alloc_shared((32, 512), "bfloat16")
        T.copy(X, x)
        with T.SimdVF(lanes=128):
            for i, j in T.Parallel(32, 512):
                y[i, j] = x[i, j] * x[i, j]
        T.copy(y, Y)
