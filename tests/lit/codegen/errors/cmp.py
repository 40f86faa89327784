# tile.cmp: the packed UINT8 mask is PyPTO's layout, but tcmp's PTO spelling is not established: reported at the call, no output.
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.UINT8]]) -> pl.Tensor[[16, 32], pl.UINT8]:
    t = pl.load(x, [0, 0], [16, 64])
    # CHECK: cmp.py:[[@LINE+3]]:9: error: tile.cmp has no PTO emitter: the IR's packed UINT8 mask is PyPTO's layout, but the PTO spelling of tcmp / tcmps (its compare-mode attribute) is not established yet
    # CHECK: hint: compare inside `with pl.simd_vf(lanes=L):` (pto.vmi.vcmp masks), or select with arithmetic (pl.maximum / pl.minimum)
    # CHECK-NOT: module
    m = pl.tile.cmp(t, t, cmp_type=2)
    y1 = pl.store(m, [0, 0], y)
    return y1
