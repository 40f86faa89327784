# Hand-written VMI version of kernels/cf_uniform_cond_2d.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        for j in pl.range(64):
            rows = pl.vmi.create_mask(pl.select(j < 32, 64, 0), size=64)
            for q in pl.range(4):
                x = pl.vmi.vload(a, j * 256 + q * 64, size=64)
                y = pl.vmi.vload(c, j * 256 + q * 64, size=64)
                pl.vmi.vstore(pl.vmi.vsel(rows, pl.vmi.vmuls(x, 2.0, m), y), b, j * 256 + q * 64, m)
    B = pl.store(b, [0], B)
