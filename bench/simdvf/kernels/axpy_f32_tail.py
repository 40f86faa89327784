# fp32 a * s + c with a tail: 16000 of 16384 elements, 128 lanes.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((16384,), "float32"), C: T.Tensor((16384,), "float32"), B: T.Tensor((16384,), "float32"), s: T.float32):
    with T.Kernel(1):
        a = T.alloc_shared((16384,), "float32")
        c = T.alloc_shared((16384,), "float32")
        b = T.alloc_shared((16384,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(16000):
                b[i] = a[i] * s + c[i]
        T.copy(b, B)
