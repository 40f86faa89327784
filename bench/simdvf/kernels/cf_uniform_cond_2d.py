# a lane-uniform condition on the kept row index of a 2-D unit (rows < 32 scaled, others copied).
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
            for j, i in T.Parallel(64, 256):
                if j < 32:
                    b[j * 256 + i] = a[j * 256 + i] * 2.0
                else:
                    b[j * 256 + i] = c[j * 256 + i]
        T.copy(b, B)
