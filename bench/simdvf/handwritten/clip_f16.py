# Hand-written VMI version of kernels/clip_f16.py. T.min / T.max inside a SIMD-VF unit are
# compare + select (docs/passes/legalize-parallel.md, the reviewed semantics: max(a, -6) =
# select(a > -6, a, -6), then min(m, 6) = select(m < 6, m, 6)), so the twin computes the same
# numbers with vcmps + vsel; vmin / vmax would differ on NaN and on the sign of a zero.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP16], C: pl.Tensor[[16384], pl.FP16], B: pl.InOut[pl.Tensor[[16384], pl.FP16]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=128):
        m = pl.vmi.create_mask(128, size=128)
        lo = pl.vmi.vbrc(pl.const(-6.0, pl.FP16), size=128)
        hi = pl.vmi.vbrc(pl.const(6.0, pl.FP16), size=128)
        for q in pl.range(128):
            x = pl.vmi.vload(a, q * 128, size=128)
            y = pl.vmi.vsel(pl.vmi.vcmps(x, pl.const(-6.0, pl.FP16), m, cmp="gt"), x, lo)
            z = pl.vmi.vsel(pl.vmi.vcmps(y, pl.const(6.0, pl.FP16), m, cmp="lt"), y, hi)
            pl.vmi.vstore(z, b, q * 128, m)
    B = pl.store(b, [0], B)
