# T.alloc_var running max over a shell: a lane vector accumulator.
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
                m = T.alloc_var("float32", -1000.0)
                for t in T.serial(3):
                    m = T.max(m, a[i] * (t + 1) + c[i])
                b[i] = m
        T.copy(b, B)
