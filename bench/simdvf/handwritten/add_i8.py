# Hand-written VMI version of kernels/add_i8.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[32768], pl.INT8], C: pl.Tensor[[32768], pl.INT8], B: pl.InOut[pl.Tensor[[32768], pl.INT8]]):
    a = pl.load(A, [0], [32768])
    c = pl.load(C, [0], [32768])
    b = pl.load(B, [0], [32768])
    with pl.simd_vf(lanes=256):
        m = pl.vmi.create_mask(256, size=256)
        for q in pl.range(128):
            x = pl.vmi.vload(a, q * 256, size=256)
            y = pl.vmi.vload(c, q * 256, size=256)
            pl.vmi.vstore(pl.vmi.vadd(x, y, m), b, q * 256, m)
    B = pl.store(b, [0], B)
