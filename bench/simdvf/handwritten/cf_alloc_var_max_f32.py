# Hand-written VMI version of kernels/cf_alloc_var_max_f32.py.
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
            acc = pl.vmi.vbrc(-1000.0, size=64)
            for t in pl.range(3):
                v = pl.vmi.vadd(pl.vmi.vmuls(x, pl.cast(t + 1, pl.FP32), m), y, m)
                acc = pl.vmi.vsel(pl.vmi.vcmp(acc, v, m, cmp="gt"), acc, v)
            pl.vmi.vstore(acc, b, q * 64, m)
    B = pl.store(b, [0], B)
