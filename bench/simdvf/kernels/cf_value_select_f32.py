# if/else assigning a value (a clipped leaky-ReLU, examples/simd_select.py): act = select(c,
# min(v, 6), max(v * 0.1, -6)), then a keep-mask select; vcmps + vsel, divisible.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((16384,), "float32"), C: T.Tensor((16384,), "float32"), B: T.Tensor((16384,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((16384,), "float32")
        c = T.alloc_shared((16384,), "float32")
        b = T.alloc_shared((16384,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(16384):
                v = a[i]
                if v > 0.0:
                    act = T.min(v, 6.0)
                else:
                    act = T.max(v * 0.1, -6.0)
                b[i] = T.Select(c[i] != 0.0, act, 0.0)
        T.copy(b, B)
