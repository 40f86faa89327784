import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), Y: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            # T: huge_dimension_t.py:[[@LINE+1]]:34: error: dimension 0 of the shape of tile.create must be at most 2^31, got 26666666656
            tmp = T.alloc_shared((26666666656,), "float32")
            for i in T.Parallel(256):
                tmp[i] = a[i] + 1.0
            for i in T.Parallel(256):
                a[i] = tmp[i]
        T.copy(a, Y)
