# Hand-written VMI version of kernels/arange_i32.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.INT32], C: pl.Tensor[[16384], pl.INT32], B: pl.InOut[pl.Tensor[[16384], pl.INT32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=128):
        m = pl.vmi.create_mask(128, size=128)
        for q in pl.range(128):
            r = pl.vmi.vci(pl.cast(q * 128, pl.INT32), size=128)
            pl.vmi.vstore(pl.vmi.vadd(pl.vmi.vload(a, q * 128, size=128), r, m), b, q * 128, m)
    B = pl.store(b, [0], B)
