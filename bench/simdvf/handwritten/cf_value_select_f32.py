# Hand-written VMI version of kernels/cf_value_select_f32.py (min / max as compare + select,
# the reviewed semantics: docs/passes/legalize-parallel.md).
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        six = pl.vmi.vbrc(pl.const(6.0, pl.FP32), size=64)
        msix = pl.vmi.vbrc(pl.const(-6.0, pl.FP32), size=64)
        zero = pl.vmi.vbrc(pl.const(0.0, pl.FP32), size=64)
        for q in pl.range(256):
            x = pl.vmi.vload(a, q * 64, size=64)
            pos = pl.vmi.vcmps(x, 0.0, m, cmp="gt")
            lo = pl.vmi.vsel(pl.vmi.vcmps(x, 6.0, m, cmp="lt"), x, six)
            y = pl.vmi.vmuls(x, 0.1, m)
            hi = pl.vmi.vsel(pl.vmi.vcmps(y, -6.0, m, cmp="gt"), y, msix)
            k = pl.vmi.vcmps(pl.vmi.vload(c, q * 64, size=64), 0.0, m, cmp="ne")
            pl.vmi.vstore(pl.vmi.vsel(k, pl.vmi.vsel(pos, lo, hi), zero), b, q * 64, m)
    B = pl.store(b, [0], B)
