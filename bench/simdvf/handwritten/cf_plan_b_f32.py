# Hand-written VMI version of kernels/cf_plan_b_f32.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        acc = pl.vmi.vbrc(0.0, size=64)
        for t in pl.range(256):
            acc = pl.vmi.vadd(acc, pl.vmi.vload(a, t * 64, size=64), m)
        pl.vmi.vstore(acc, b, 0, m)
    B = pl.store(b, [0], B)
