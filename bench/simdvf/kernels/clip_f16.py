# fp16 clip to [-6, 6], divisible: 16384 elements, 128 lanes.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((16384,), "float16"), C: T.Tensor((16384,), "float16"), B: T.Tensor((16384,), "float16")):
    with T.Kernel(1):
        a = T.alloc_shared((16384,), "float16")
        c = T.alloc_shared((16384,), "float16")
        b = T.alloc_shared((16384,), "float16")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(16384):
                b[i] = T.min(T.max(a[i], -6.0), 6.0)
        T.copy(b, B)
