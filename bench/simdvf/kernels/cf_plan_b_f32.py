# Plan B: a region-level serial loop accumulating 256 rows of 64 into a one-lane-vector buffer.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((16384,), "float32"), C: T.Tensor((16384,), "float32"), B: T.Tensor((16384,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((16384,), "float32")
        c = T.alloc_shared((16384,), "float32")
        b = T.alloc_shared((16384,), "float32")
        acc = T.alloc_shared((64,), "float32")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(64):
                acc[i] = 0.0
            for t in T.serial(256):
                for i in T.Parallel(64):
                    acc[i] = acc[i] + a[t * 64 + i]
            for i in T.Parallel(64):
                b[i] = acc[i]
        T.copy(b, B)
