# int8 add, divisible: 32768 elements, 256 lanes.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((32768,), "int8"), C: T.Tensor((32768,), "int8"), B: T.Tensor((32768,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((32768,), "int8")
        c = T.alloc_shared((32768,), "int8")
        b = T.alloc_shared((32768,), "int8")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(32768):
                b[i] = a[i] + c[i]
        T.copy(b, B)
