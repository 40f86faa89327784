# tile.cmp: PTO's tcmp writes a packed predicate mask, not a BOOL tile: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.BOOL]]) -> pl.Tensor[[16, 64], pl.BOOL]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: cmp.py:[[@LINE+3]]:9: error: tile.cmp has no PTO emitter: PTO's tcmp / tcmps write a packed predicate mask (i8 bits), not a BOOL tile of one element per value
    # CHECK: hint: compare inside `with pl.simd_vf(lanes=L):` (pto.vmi.vcmp masks), or select with arithmetic (pl.maximum / pl.minimum)
    # CHECK-NOT: module
    m = pl.tile.cmp(t, t, cmp_type=2)
    y1 = pl.store(m, [0, 0], y)
    return y1
