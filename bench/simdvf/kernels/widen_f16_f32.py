# fp16 -> fp32 widening times 0.5, tail: 8000 of 8192 elements, 64 lanes.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((8192,), "float16"), C: T.Tensor((8192,), "float16"), B: T.Tensor((8192,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((8192,), "float16")
        c = T.alloc_shared((8192,), "float16")
        b = T.alloc_shared((8192,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(8000):
                b[i] = T.Cast("float32", a[i]) * 0.5
        T.copy(b, B)
