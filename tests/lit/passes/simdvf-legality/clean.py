# verify-codegen-legality accepts the output of vectorize-parallel (every vector value stays
# in its region) and changes nothing.
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,vectorize-parallel > %t.vec
# RUN: %ptoc opt %t.vec --passes=verify-codegen-legality > %t.after
# RUN: diff %t.vec %t.after
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(200):
                b[i] = a[i] * a[i]
        with T.SimdVF(lanes=64):
            for i in T.Parallel(256):
                b[i] = b[i] + 1.0
        T.copy(b, B)
