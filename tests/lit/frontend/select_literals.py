# pl.select with literal values: a literal (also a negated one) takes the type of the other
# value; two literals take the type the context expects (the INT32 operand they meet), as a
# bare literal does; so does `+ - *` of literals (`0 + 4`, found by simdvf_random.py --regions).
# Before, `pl.select(flag, -1, s)` failed (INDEX against INT32) and
# `a[i] + pl.select(flag, 1, 0)` stored an INDEX value into an INT32 tile.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.INT32], B: pl.InOut[pl.Tensor[[64], pl.INT32]], flag: pl.Scalar[pl.BOOL],
         s: pl.Scalar[pl.INT32]):
    a = pl.load(A, [0], [64])
    b = pl.load(B, [0], [64])
    x = pl.select(flag, s, 0)
    with pl.simd_vf(lanes=64):
        for i in pl.parallel(64):
            b[i] = a[i] + x + pl.select(flag, -1, s) + pl.select(flag, 1, 0) + (2 if flag else 3) - (0 + 4)
    B = pl.store(b, [0], B)
# CHECK: x: pl.Scalar[pl.INT32] = pl.select(flag, s, pl.const(0, pl.INT32))
# CHECK: b[i] = a[i] + x + pl.select(flag, pl.const(-1, pl.INT32), s) + pl.select(flag, pl.const(1, pl.INT32), pl.const(0, pl.INT32)) + pl.select(flag, pl.const(2, pl.INT32), pl.const(3, pl.INT32)) - (pl.const(0, pl.INT32) + pl.const(4, pl.INT32))
