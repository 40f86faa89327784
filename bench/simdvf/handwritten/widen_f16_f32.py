# Hand-written VMI version of kernels/widen_f16_f32.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[8192], pl.FP16], C: pl.Tensor[[8192], pl.FP16], B: pl.InOut[pl.Tensor[[8192], pl.FP32]]):
    a = pl.load(A, [0], [8192])
    c = pl.load(C, [0], [8192])
    b = pl.load(B, [0], [8192])
    with pl.simd_vf(lanes=64):
        remaining = pl.const(8000, pl.INT32)
        for q in pl.range(128):
            m = pl.vmi.create_mask(remaining, size=64)
            x = pl.vmi.vcvt(pl.vmi.vload(a, q * 64, size=64), to_dtype=pl.FP32)
            pl.vmi.vstore(pl.vmi.vmuls(x, 0.5, m), b, q * 64, m)
            remaining = remaining - pl.const(64, pl.INT32)
    B = pl.store(b, [0], B)
