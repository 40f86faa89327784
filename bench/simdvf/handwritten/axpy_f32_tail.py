# Hand-written VMI version of kernels/axpy_f32_tail.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]], s: pl.Scalar[pl.FP32]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=128):
        remaining = pl.const(16000, pl.INT32)
        for q in pl.range(128):
            m = pl.vmi.create_mask(remaining, size=128)
            x = pl.vmi.vload(a, q * 128, size=128)
            y = pl.vmi.vload(c, q * 128, size=128)
            pl.vmi.vstore(pl.vmi.vadd(pl.vmi.vmuls(x, s, m), y, m), b, q * 128, m)
            remaining = remaining - pl.const(128, pl.INT32)
    B = pl.store(b, [0], B)
