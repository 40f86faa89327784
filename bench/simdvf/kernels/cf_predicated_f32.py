# single-sided ifs nested in both arms: complementary predicated stores.
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
                if a[i] > 0.0:
                    if c[i] > 1.0:
                        b[i] = a[i]
                else:
                    if c[i] < 0.0:
                        b[i] = c[i]
        T.copy(b, B)
