# Plan A: a region-level serial loop carrying a buffer four lane vectors wide (256 column sums of
# a 64 x 256 block, 64 lanes), allocated inside the region: the loop is hoisted out, each
# iteration is its own vecscope, the allocation is hoisted before the parts.
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
            acc = T.alloc_shared((256,), "float32")
            for i in T.Parallel(256):
                acc[i] = 0.0
            for t in T.serial(64):
                for i in T.Parallel(256):
                    acc[i] = acc[i] + a[t * 256 + i]
            for i in T.Parallel(256):
                b[i] = acc[i] * 0.5
        T.copy(b, B)
