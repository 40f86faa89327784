# Hand-written VMI version of kernels/cf_nested_branch_f32.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        for q in pl.range(250):
            x = pl.vmi.vload(a, q * 64, size=64)
            y = pl.vmi.vload(c, q * 64, size=64)
            xp = pl.vmi.vcmps(x, 0.0, m, cmp="gt")
            yp = pl.vmi.vcmps(y, 0.0, m, cmp="gt")
            inner = pl.vmi.vsel(yp, pl.vmi.vadd(x, y, m), x)
            pl.vmi.vstore(pl.vmi.vsel(xp, inner, y), b, q * 64, m)
    B = pl.store(b, [0], B)
