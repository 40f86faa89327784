# Hand-written VMI version of kernels/rowscale_2d_tail.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(X: pl.Tensor[[64, 1024], pl.FP32], S: pl.Tensor[[64], pl.FP32],
         Y: pl.InOut[pl.Tensor[[64, 1024], pl.FP32]]):
    x = pl.load(X, [0, 0], [64, 1024])
    s = pl.load(S, [0], [64])
    y = pl.load(Y, [0, 0], [64, 1024])
    with pl.simd_vf(lanes=128):
        for r in pl.range(64):
            remaining = pl.const(1000, pl.INT32)
            for q in pl.range(8):
                m = pl.vmi.create_mask(remaining, size=128)
                v = pl.vmi.vload(x, r * 1024 + q * 128, size=128)
                w = pl.vmi.vadds(pl.vmi.vmuls(v, s[r], m), 1.0, m)
                pl.vmi.vstore(w, y, r * 1024 + q * 128, m)
                remaining = remaining - pl.const(128, pl.INT32)
    Y = pl.store(y, [0, 0], Y)
