# Hand-written VMI version of kernels/clip_f16.py.
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
            pl.vmi.vstore(pl.vmi.vmin(pl.vmi.vmax(x, lo, m), hi, m), b, q * 128, m)
    B = pl.store(b, [0], B)
