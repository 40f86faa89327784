# Hand-written VMI version of kernels/cf_masks_f32.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        for q in pl.range(256):
            x = pl.vmi.vload(a, q * 64, size=64)
            y = pl.vmi.vload(c, q * 64, size=64)
            k = pl.vmi.mask_and(pl.vmi.vcmps(x, 0.0, m, cmp="gt"), pl.vmi.mask_not(pl.vmi.vcmps(y, 1.0, m, cmp="lt")))
            k = pl.vmi.mask_or(k, pl.vmi.vcmps(x, -2.0, m, cmp="lt"))
            pl.vmi.vstore(pl.vmi.vsel(k, x, y), b, q * 64, m)
    B = pl.store(b, [0], B)
