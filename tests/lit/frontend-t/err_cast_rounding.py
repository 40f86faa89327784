# Cast options must name what ptoc's conversion does: round-to-nearest-even is accepted
# (round="rn"), round-toward-zero is a diagnostic; float8_e4m3fn saturates (sat=True is
# accepted there).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float8_e4m3fn"), C: T.Tensor((128,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float8_e4m3fn")
        c = T.alloc_shared((128,), "int8")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                b[i] = T.Cast("float8_e4m3fn", a[i], round="rn", sat=True)
                # CHECK: {{.*}}err_cast_rounding.py:[[@LINE+1]]:66: error: rounding mode 'rz' is not supported: ptoc's conversions round to nearest even
                b[i] = T.Cast("float8_e4m3fn", a[i] * 2.0, round="rz")
        T.copy(b, B)
