# A TileLang-style (`T` dialect) SIMD vector-function kernel: y = a * x + y over 1000 of
# 1024 elements, written as scalar code in a T.Parallel loop inside T.SimdVF(lanes=128).
#
#     ptoc fmt examples/simdvf_axpy.py                      # its pl form
#     ptoc opt examples/simdvf_axpy.py --passes=simdvf      # vectorized into VMI
#     ptoc check examples/simdvf_axpy.py --passes=simdvf --rtol 0 --atol 0
#
# The vectorized loop runs 8 chunks of 128 lanes; the last chunk's store is masked by
# create_mask(remaining), so y[1000:1024] keeps its input values.
import tilelang.language as T

N = 1000
P = 1024  # the buffers are padded to a multiple of the lanes: loads read whole chunks


@T.prim_func
def axpy(X: T.Tensor((P,), "float32"), Y: T.Tensor((P,), "float32"), a: T.float32):
    with T.Kernel(1):
        x = T.alloc_shared((P,), "float32")
        y = T.alloc_shared((P,), "float32")
        T.copy(X, x)
        T.copy(Y, y)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(N):
                y[i] = a * x[i] + y[i]
        T.copy(y, Y)
